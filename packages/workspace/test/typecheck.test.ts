// `npm run typecheck` and the full `npm test` (scripts/typecheck.mjs): one TypeScript program per set
// of packages whose compiler options are the same. Each package's files are checked exactly once,
// under its own tsconfig's options, and an error in any of them fails the check by its file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');
const SCRIPT = JSON.stringify(join(REPO, 'scripts/typecheck.mjs'));

/** Runs `body` (an ES module's code, with `m` the script's exports) and returns what it printed as JSON. */
function inNode(body: string, ...args: string[]) {
  const program = `const m = await import(${SCRIPT}); ${body}`;
  const r = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', program, ...args], { encoding: 'utf8', cwd: REPO });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

test("the groups hold every package that has a typecheck script, each file of its tsconfig once, under that tsconfig's own options", () => {
  const { packages, groups, own } = inNode(`
    const ts = (await import('node:module')).createRequire(${JSON.stringify(join(REPO, 'package.json'))})('typescript');
    const packages = m.typecheckedPackages();
    const { groups } = m.typecheckGroups(packages);
    // (where the config file is differs by package, not how a file is checked)
    const strip = ({ configFilePath, pathsBasePath, ...options }) => options;
    const own = Object.fromEntries(packages.map((p) => {
      const parsed = ts.getParsedCommandLineOfConfigFile(p.config, {}, ts.sys);
      return [p.name, { fileNames: parsed.fileNames, options: strip(parsed.options) }];
    }));
    console.log(JSON.stringify({ packages: packages.map((p) => p.name), groups: groups.map((g) => ({ ...g, options: strip(g.options) })), own }));`);

  const scripted = ['admin-api', 'analytics-mfe', 'api-contract', 'e2e', 'orders-mfe', 'people-mfe', 'projects-mfe', 'remote-kit', 'settings-mfe', 'shared-client', 'shell', 'ui-kit', 'web-security', 'workspace'];
  expect(packages).toEqual(expect.arrayContaining(scripted.map((n) => `@growth-admin/${n}`)));
  expect(groups.flatMap((g: { packages: string[] }) => g.packages).sort()).toEqual([...packages].sort());
  for (const group of groups) {
    for (const name of group.packages) {
      expect(group.options).toEqual(own[name].options);
      for (const file of own[name].fileNames) expect(group.fileNames.filter((f: string) => f === file)).toHaveLength(1);
    }
  }
  // The point of it: the browser packages are one program, not one each.
  const browser = groups.find((g: { packages: string[] }) => g.packages.includes('@growth-admin/shell'));
  expect(browser.packages).toEqual(expect.arrayContaining(['shared-client', 'ui-kit', 'analytics-mfe', 'orders-mfe', 'people-mfe', 'projects-mfe', 'settings-mfe'].map((n) => `@growth-admin/${n}`)));
});

describe('on packages of a temporary folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'growth-admin-typecheck-'));
    const pkg = (name: string, options: object, source: string) => {
      mkdirSync(join(dir, name, 'src'), { recursive: true });
      writeFileSync(join(dir, name, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['ES2022'], ...options }, include: ['src'] }));
      writeFileSync(join(dir, name, 'src/index.ts'), source);
    };
    pkg('a', { target: 'ES2022' }, 'export const a: number = 1;\n');
    pkg('b', { target: 'ES2022' }, "export const b: number = 'not a number';\n");
    pkg('c', { target: 'ES2020', noImplicitAny: false }, 'export function c(x) { return x; }\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("packages with the same options are one program, others their own; an error is reported by its package's file", () => {
    const { errors, lines } = inNode(
      `const dir = process.argv[1];
       const packages = ['a', 'b', 'c'].map((n) => ({ name: n, config: dir + '/' + n + '/tsconfig.json', workspaceDeps: [] }));
       const lines = [];
       const errors = m.typecheckWorkspace({ packages, log: (l) => lines.push(l) });
       console.log(JSON.stringify({ errors, lines }));`,
      dir,
    );
    expect(errors).toBe(1);
    const text = lines.join('\n');
    expect(text).toMatch(/b\/src\/index\.ts.*TS2322/s);
    expect(text).toContain('typecheck a, b: 2 files, 1 error');
    expect(text).toContain('typecheck c: 1 files, 0 errors');
  });
});
