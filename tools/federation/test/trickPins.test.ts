/**
 * @jest-environment node
 */
// The build tricks rewrite or imitate parts of antd and of the libraries under it
// (docs/build-tricks.md): each such library is pinned to one exact version, everywhere it is asked
// for, so an upgrade is a deliberate change that the tricks' tests (antdPrecomputedHooks,
// rangePicker, antdModal) check, never a caret range moving under them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(__dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The libraries whose internals a trick touches, with what it touches. */
const TOUCHED = {
  antd: 'style modules rewritten, components swapped inside it, Modal and RangePicker stood in for',
  '@ant-design/cssinjs': "its cache-path map read from the precomputed CSS, its extractStyle's output shipped",
  '@ant-design/cssinjs-utils': 'the style hooks it generates answered without it',
  '@rc-component/picker': 'the closed RangePicker it draws, drawn by the stand-in',
};

const EXACT = /^\d+\.\d+\.\d+$/;

test('antd is asked for at one exact version by every package that depends on it', () => {
  const asked = readdirSync(join(root, 'packages')).flatMap((dir) => {
    const pkg = readJson(join(root, 'packages', dir, 'package.json'));
    return Object.entries({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })
      .filter(([name]) => name === 'antd')
      .map(([, range]) => `${pkg.name}: ${range}`);
  });
  expect(asked.length).toBeGreaterThanOrEqual(7); // the shell, the five remotes, shared-client
  const versions = new Set(asked.map((entry) => entry.split(': ')[1]));
  expect([...versions]).toHaveLength(1);
  expect([...versions][0]).toMatch(EXACT);
});

test('the libraries under antd that a trick touches are pinned exactly (pnpm overrides), and installed at that version', () => {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const antdVersion = readJson(join(root, 'packages/shell/package.json')).dependencies.antd;
  const antdDir = dirname(require.resolve('antd/package.json'));
  expect(readJson(join(antdDir, 'package.json')).version).toBe(antdVersion);
  for (const name of Object.keys(TOUCHED).filter((n) => n !== 'antd')) {
    const pin = new RegExp(`^\\s+'?${name.replace(/[/@.-]/g, '\\$&')}'?: '?(\\S+?)'?$`, 'm').exec(workspace)?.[1];
    expect(`${name}: ${pin}`).toMatch(new RegExp(`: ${EXACT.source.slice(1, -1)}$`));
    // the copy antd itself resolves is the pinned one (pnpm installs it beside antd; some of these
    // packages do not export their package.json)
    const installed = readJson(join(antdDir, '..', name, 'package.json')).version;
    expect(`${name}@${installed}`).toBe(`${name}@${pin}`);
  }
});
