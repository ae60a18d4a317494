// Writes a new remote into an empty folder: remote.json, package.json (the kit's packages and the
// shared singletons at the versions the active shell provides), webpack.build.mjs, the jest config,
// one section with its test, the standalone page, and the release script. The packed kit
// (scripts/pack.mjs) knows the shell contract and the toolchain it was made with; it names them here.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as templates from './templates.mjs';

export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** The kit's packages a remote depends on, and which of them it needs at run time (the rest build and test it). */
export const KIT_PACKAGES = {
  '@growth-admin/shared-client': 'dependencies',
  '@growth-admin/ui-kit': 'dependencies',
  '@growth-admin/api-contract': 'devDependencies',
  '@growth-admin/federation-tools': 'devDependencies',
  '@growth-admin/release-tools': 'devDependencies',
  '@growth-admin/remote-kit': 'devDependencies',
};

/**
 * The version range a remote asks for a shared singleton the shell provides at `version`: at least
 * the shell's, within its major (antd exactly: each build pins the antd it is tested against).
 */
export function singletonRange(name, version) {
  return name === 'antd' ? version : `^${version}`;
}

/**
 * How a remote's package.json names a kit package: the tarball in `kitDir` (by a path relative to
 * the remote, so the two can move together), else its version (from a registry).
 */
function kitSpec(name, { version, tarballs, kitDir, remoteDir }) {
  if (!kitDir) return version;
  const file = tarballs[name];
  if (!file)
    throw new Error(
      `${kitDir} has no tarball of ${name}: pack the kit again (node packages/remote-kit/scripts/pack.mjs)`,
    );
  const path = relative(remoteDir, join(kitDir, file)).split(sep).join('/');
  return `file:${path.startsWith('.') ? path : `./${path}`}`;
}

/**
 * @param {object} o
 * @param {string} o.dir           the new remote's folder (missing or empty)
 * @param {string} o.name          the federation name: lower-case letters, digits and -
 * @param {string} [o.label]       the section's label (default: the name, capitalised)
 * @param {number} [o.port]        the standalone dev server's port (default 3020)
 * @param {object} o.kit           what the kit knows: `{ contract, versions, toolchain, tarballs, kitDir }`
 *   contract: the shell contract (`shared`: singleton → version); versions: kit package → version;
 *   toolchain: the build and test packages → range; tarballs: kit package → file in kitDir (kitDir null: by version)
 * @returns {string[]} the files written, relative to `dir`
 */
export function scaffoldRemote({ dir, name, label, port = 3020, kit }) {
  if (!REMOTE_NAME.test(name ?? ''))
    throw new Error(
      `the remote's name must be lower-case letters, digits and - (40 at most), not "${name}"`,
    );
  const remoteDir = resolve(dir);
  if (existsSync(remoteDir) && readdirSync(remoteDir).length)
    throw new Error(`${remoteDir} is not empty: a new remote goes into a new folder`);
  const o = {
    name,
    label: label ?? name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' '),
    port,
  };

  const dependencies = {};
  const devDependencies = {};
  for (const [pkg, version] of Object.entries(kit.contract.shared)) {
    if (pkg.includes('/', pkg.startsWith('@') ? pkg.indexOf('/') + 1 : 0)) continue; // an entry point (react/jsx-runtime), not a package
    if (pkg in KIT_PACKAGES) continue;
    dependencies[pkg] = singletonRange(pkg, version);
  }
  for (const [pkg, field] of Object.entries(KIT_PACKAGES)) {
    const spec = kitSpec(pkg, {
      version: kit.versions[pkg],
      tarballs: kit.tarballs ?? {},
      kitDir: kit.kitDir,
      remoteDir,
    });
    (field === 'dependencies' ? dependencies : devDependencies)[pkg] = spec;
  }
  Object.assign(devDependencies, kit.toolchain);
  const sorted = (deps) =>
    Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
  const packageJson = {
    name: `${name}-remote`,
    version: '0.1.0',
    private: true,
    description: `The remote ${name} of Growth Admin: its ${o.label} section.`,
    scripts: {
      build: 'node webpack.build.mjs',
      dev: 'node webpack.build.mjs --dev',
      test: 'jest --ci',
      typecheck: 'tsc -p tsconfig.json',
      release: `node webpack.build.mjs && growth-admin-release release ${name} --dist dist`,
    },
    dependencies: sorted(dependencies),
    devDependencies: sorted(devDependencies),
  };

  const files = {
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    'remote.json': templates.remoteJson(o),
    'webpack.build.mjs': templates.webpackBuild(o),
    'jest.config.cjs': templates.jestConfig(o),
    'tsconfig.json': templates.tsconfig(o),
    '.gitignore': templates.gitignore(o),
    '.github/workflows/preview.yml': templates.previewWorkflow(o),
    'README.md': templates.readme(o),
    'src/index.ts': templates.indexTs(o),
    'src/bootstrap.tsx': templates.bootstrapTsx(o),
    'src/api/index.ts': templates.apiTs(o),
    'src/Section.tsx': templates.sectionTsx(o),
    'src/Section.test.tsx': templates.sectionTest(o),
  };
  for (const [file, text] of Object.entries(files)) {
    const path = join(remoteDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return Object.keys(files);
}
