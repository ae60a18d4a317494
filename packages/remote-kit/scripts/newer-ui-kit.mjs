// A UI kit newer than the shell's, as a team gets one when the kit moves on before the shell is
// released again: the packed UI kit's tarball (scripts/pack.mjs) at the next minor version, with
// one export added (`Callout`: an addition, hence a minor by the kit's semver of its surface). Used
// by e2e/tests/newer-kit.spec.ts, whose remote built outside the repository renders it.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NEW_EXPORT = 'Callout';

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const nextMinor = (version) => {
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${minor + 1}.0`;
};

// The added export, as the kit's build compiles a component (ES module over react/jsx-runtime).
const CALLOUT_JS = `import { jsx as _jsx, jsxs as _jsxs } from "react/jsx-runtime";
/** A titled note, set apart by a rule on its start side (added in this minor). */
export function Callout({ title, children }) {
    return (_jsxs("section", { "aria-label": title, style: { borderInlineStart: "4px solid currentColor", paddingInlineStart: 12, margin: "12px 0" }, children: [_jsx("strong", { children: title }), _jsx("div", { children: children })] }));
}
`;
const CALLOUT_DTS = `import type { ReactNode } from 'react';
/** A titled note, set apart by a rule on its start side (added in this minor). */
export declare function Callout({ title, children }: {
    title: string;
    children?: ReactNode;
}): import("react/jsx-runtime").JSX.Element;
`;

/**
 * Writes, into `kitDir` (a folder scripts/pack.mjs packed), the UI kit's tarball at the next minor of the one there, with
 * `Callout` exported; answers { version, file } (the tarball's name in `kitDir`).
 */
export function packNewerUiKit(kitDir) {
  const packed = readdirSync(kitDir).filter((f) => /^growth-admin-ui-kit-\d+\.\d+\.\d+\.tgz$/.test(f));
  if (packed.length !== 1) throw new Error(`${kitDir} holds ${packed.length} UI kit tarballs, not the one scripts/pack.mjs writes`);
  const work = mkdtempSync(join(tmpdir(), 'growth-admin-newer-ui-kit-'));
  try {
    run('tar', ['-xzf', join(kitDir, packed[0]), '-C', work], work);
    const dir = join(work, 'package');
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const was = manifest.version;
    const version = nextMinor(was);
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
    // The version the kit reports (UI_KIT_VERSION) and its surface record follow package.json's.
    for (const file of ['dist/version.js', 'dist/version.d.ts']) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (!text.includes(was)) throw new Error(`${file} of ${packed[0]} does not name ${was}`);
      writeFileSync(join(dir, file), text.replace(was, version));
    }
    const surface = JSON.parse(readFileSync(join(dir, 'surface.json'), 'utf8'));
    surface.version = version;
    surface.exports = [...surface.exports, NEW_EXPORT].sort();
    writeFileSync(join(dir, 'surface.json'), `${JSON.stringify(surface, null, 2)}\n`);
    writeFileSync(join(dir, 'dist/callout.js'), CALLOUT_JS);
    writeFileSync(join(dir, 'dist/callout.d.ts'), CALLOUT_DTS);
    appendFileSync(join(dir, 'dist/index.js'), "export * from './callout';\n");
    appendFileSync(join(dir, 'dist/index.d.ts'), "export * from './callout';\n");
    const file = run('npm', ['pack', '--silent', '--pack-destination', kitDir], dir).trim().split('\n').at(-1);
    return { version, file };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
