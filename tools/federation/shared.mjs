// The federation share scope of docs/architecture.md: every package shares exactly these modules,
// with the version range its own package.json asks for. The singletons (SINGLETONS) are one instance
// in the page, the shell's: a remote built against an incompatible major gets a console warning from
// the federation runtime instead of a silent second copy (and the release gate refuses it). The
// versioned packages (VERSIONED) are not: a remote gets the loaded copy (the shell's) when its
// version satisfies the remote's range, else its own. Subpath entry points (`react/jsx-runtime`,
// `react-dom/client`) are listed too: a bare `react` entry does not cover them and would let a
// second React sneak in through JSX.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * antd is shared through this module rather than as the whole package: it re-exports the antd
 * exports the packages use (the contract list), so each build's shared antd chunk is tree-shaken.
 */
export const ANTD_SHARED_MODULE = join(dirname(fileURLToPath(import.meta.url)), 'antd-shared.mjs');
/**
 * The request the `antd` share entry imports: an alias of ANTD_SHARED_MODULE (build.mjs). A bare
 * request, not the file path: webpack force-includes a provided file path in every compilation,
 * the HTML plugin's child compiler too, which then bundles all of antd for nothing.
 */
export const ANTD_SHARED_REQUEST = '@growth-admin/federation-antd';

/** The components ANTD_SHARED_MODULE loads on first render, from this module (an async chunk). */
export const ANTD_DEFERRED_MODULE = join(dirname(fileURLToPath(import.meta.url)), 'antd-deferred.mjs');

/** DatePicker, in its own chunk (antd-range-picker.mjs draws an empty RangePicker until it is in). */
export const ANTD_DATE_PICKER_MODULE = join(dirname(fileURLToPath(import.meta.url)), 'antd-date-picker.mjs');

/** The modules that make up the shared antd (they alone may import antd's internals). */
export const ANTD_FACADE_MODULES = new Set([
  ANTD_SHARED_MODULE,
  ANTD_DEFERRED_MODULE,
  ANTD_DATE_PICKER_MODULE,
  join(dirname(fileURLToPath(import.meta.url)), 'antd-range-picker.mjs'),
  join(dirname(fileURLToPath(import.meta.url)), 'antd-precomputed-style.mjs'),
]);

export function reExportedFromAntd(file) {
  const source = readFileSync(file, 'utf8');
  const block = /export\s*\{([^}]*)\}\s*from\s*'antd\/es\/index\.js'/.exec(source);
  if (!block) throw new Error(`${file} must re-export from 'antd/es/index.js'`);
  return block[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The names ANTD_SHARED_MODULE loads from ANTD_DEFERRED_MODULE; each must have its wrapper there. */
export function antdDeferredExports() {
  const names = reExportedFromAntd(ANTD_DEFERRED_MODULE);
  const facade = readFileSync(ANTD_SHARED_MODULE, 'utf8');
  for (const name of names) {
    const wrapped = new RegExp(`export const ${name} = deferred(Component|Compound)\\('${name}'`).test(facade);
    const ownModule = new RegExp(`export \\{ ${name} \\} from '\\./antd-[a-z-]+\\.mjs'`).test(facade); // (antd-modal.mjs)
    if (!wrapped && !ownModule) {
      throw new Error(`${ANTD_SHARED_MODULE} must export ${name} as deferredComponent('${name}'), deferredCompound('${name}', …) or from a module of its own (it is listed in antd-deferred.mjs)`);
    }
  }
  return names;
}

/** The antd exports the share scope provides: those ANTD_SHARED_MODULE re-exports, and the deferred ones. */
export function antdSharedExports() {
  return [...reExportedFromAntd(ANTD_SHARED_MODULE), ...antdDeferredExports(), ...reExportedFromAntd(ANTD_DATE_PICKER_MODULE)].sort();
}

/** Package name → the entry points shared for it. */
export const SINGLETONS = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  antd: ['antd'],
  '@tanstack/react-query': ['@tanstack/react-query'],
  dayjs: ['dayjs'],
  // The singleton core: configuration, signing, the token store, the typed call, the shared query
  // keys, the appearance store, the shell/remote contract. No antd, no React Query: the shell's boot
  // path and login screen load it alone.
  '@growth-admin/shared-client': ['@growth-admin/shared-client'],
};

/**
 * Package name → the entry points shared for it, not as singletons but by semver range
 * (`singleton: false`, `requiredVersion: ^<the version built with>`): the UI kit holds no state the
 * page must have once (that is the core's), so a remote built against a newer kit runs with its own
 * copy while every other screen keeps the shell's. Shared only by the packages that depend on it.
 * The kit's `core` entry (what the shell's layout and the dashboard draw with) is shared apart from
 * the whole kit, so a page that draws no list loads none of the list kit.
 */
export const VERSIONED = {
  '@growth-admin/ui-kit': ['@growth-admin/ui-kit', '@growth-admin/ui-kit/core'],
};

/**
 * The shared entry points the host provides whether or not its own code imports them: the whole UI
 * kit, which the remotes' list screens take from the shell (its own code takes the core entry only).
 * webpack provides a shared package only once the build imports it, but always one given by its
 * file path.
 */
export const HOST_PROVIDES = ['@growth-admin/ui-kit'];

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The version range a package asks the share scope for: `workspace:*` (or a tarball's `file:`) becomes
 * `^<the installed package's version>`, and an exact pin (antd's: docs/build-tricks.md) `^<pin>`: the pin fixes what
 * this build bundles and is tested against, not which compatible shell may serve it.
 */
function requiredVersionOf(pkgDir, dep, range) {
  if (/^\d+\.\d+\.\d+$/.test(range)) return `^${range}`;
  if (!installedNotByRange(range)) return range;
  const version = readJson(join(pkgDir, 'node_modules', dep, 'package.json')).version;
  return `^${version}`;
}

/**
 * A dependency given by where it comes from, not by a version range: `workspace:*` in this
 * repository, `file:…tgz` (the remote kit's tarballs), a link, a URL. Its range is then `^<the
 * installed version>`: the share scope and the release gate compare semver ranges only.
 */
export function installedNotByRange(range) {
  return /^(workspace|file|link|portal|https?|git(\+[a-z]+)?):/.test(range);
}

/**
 * The `shared` option of ModuleFederationPlugin for the package at `pkgDir`: the singletons, which
 * it must depend on, and the versioned packages it depends on; for the `host`, HOST_PROVIDES by file.
 * Nothing is eager: every consumer (shell included) reaches shared code through an async boundary.
 */
export function sharedModules(pkgDir, { host = false } = {}) {
  const pkg = readJson(join(pkgDir, 'package.json'));
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared = {};
  for (const [dep, entries] of Object.entries(SINGLETONS)) {
    if (!deps[dep]) throw new Error(`${pkg.name} must depend on ${dep}: it is a federation singleton`);
    const requiredVersion = requiredVersionOf(pkgDir, dep, deps[dep]);
    for (const entry of entries) {
      shared[entry] = { singleton: true, requiredVersion, eager: false };
    }
    if (dep === 'antd') {
      // Provide (and fall back to) the contract list instead of the whole package. The version is
      // antd's own (the module sits outside antd, so webpack cannot read it from a package.json).
      const version = readJson(join(pkgDir, 'node_modules', 'antd', 'package.json')).version;
      shared.antd = { ...shared.antd, import: ANTD_SHARED_REQUEST, shareKey: 'antd', packageName: 'antd', version };
    }
  }
  for (const [dep, entries] of Object.entries(VERSIONED)) {
    if (!deps[dep]) continue;
    const requiredVersion = requiredVersionOf(pkgDir, dep, deps[dep]);
    for (const entry of entries) shared[entry] = { singleton: false, requiredVersion, eager: false };
    for (const entry of host ? entries.filter((e) => HOST_PROVIDES.includes(e)) : []) {
      const version = readJson(join(pkgDir, 'node_modules', dep, 'package.json')).version;
      shared[entry] = { ...shared[entry], import: createRequire(join(pkgDir, 'package.json')).resolve(entry), shareKey: entry, packageName: dep, version };
    }
  }
  return shared;
}
