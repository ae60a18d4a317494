// The federation share scope of ARCHITECTURE.md: every package shares exactly these modules as
// singletons, with the version range its own package.json asks for, so a remote built against an
// incompatible major gets a console warning from the federation runtime instead of a silent
// second copy. Subpath entry points (`react/jsx-runtime`, `react-dom/client`) are listed too:
// a bare `react` entry does not cover them and would let a second React sneak in through JSX.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Package name → the entry points shared for it. */
export const SINGLETONS = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  antd: ['antd'],
  '@tanstack/react-query': ['@tanstack/react-query'],
  dayjs: ['dayjs'],
  '@growth-admin/shared-client': ['@growth-admin/shared-client'],
};

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The version range a package asks for; `workspace:*` becomes `^<the workspace package's version>`. */
function requiredVersionOf(pkgDir, dep, range) {
  if (!range.startsWith('workspace:')) return range;
  const version = readJson(join(pkgDir, 'node_modules', dep, 'package.json')).version;
  return `^${version}`;
}

/**
 * The `shared` option of ModuleFederationPlugin for the package at `pkgDir`.
 * Nothing is eager: every consumer (shell included) reaches shared code through an async boundary.
 */
export function sharedSingletons(pkgDir) {
  const pkg = readJson(join(pkgDir, 'package.json'));
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared = {};
  for (const [dep, entries] of Object.entries(SINGLETONS)) {
    if (!deps[dep]) throw new Error(`${pkg.name} must depend on ${dep}: it is a federation singleton`);
    const requiredVersion = requiredVersionOf(pkgDir, dep, deps[dep]);
    for (const entry of entries) {
      shared[entry] = { singleton: true, requiredVersion, eager: false };
    }
  }
  return shared;
}
