// What a remote needs of the shared client: the names it imports from '@growth-admin/shared-client',
// recorded at build time in `shared-client-usage.json` beside its mf-manifest.json, with the antd
// exports it imports (`antdUses`) and the shell version whose antd contract list it was built
// against (`antdShellVersion`: the shell release that provides them). The shell reads
// it before loading the remote's modules and refuses, by name, a remote that needs exports the
// loaded shared-client lacks (shared-client is a singleton: the shell's copy is the one every remote
// gets, so a newer remote on an older shell would otherwise call `undefined`).
// The singleton core only: the UI kit is shared by semver range, not as a singleton, so a remote
// built against a newer kit runs its own copy and nothing of the kit is checked against the shell.
// That copy runs over the shell's core and antd, though: the core and antd names the kit bundled
// into the remote imports count as the remote's own.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependenciesOf } from './webpack-modules.mjs';
import { installedNotByRange } from './shared.mjs';

/** api-contract's REMOTE_FILES.usage (this Node module cannot import the TypeScript source). */
const USAGE_FILE = 'shared-client-usage.json';
export const SHARED_CLIENT = '@growth-admin/shared-client';
/** The UI kit as a remote outside this repository installs it (in this one it is packages/ui-kit). */
const BUNDLED_KIT = /[\\/]node_modules[\\/]@growth-admin[\\/]ui-kit[\\/]/;


/** The shared-client version this build was made with, and the range it asks of the host. */
function sharedClientVersions(pkgDir) {
  const own = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const builtWith = JSON.parse(readFileSync(join(pkgDir, 'node_modules', SHARED_CLIENT, 'package.json'), 'utf8')).version;
  const range = { ...own.devDependencies, ...own.dependencies }[SHARED_CLIENT];
  return { builtWith, requiredVersion: !range || installedNotByRange(range) ? `^${builtWith}` : range };
}

/**
 * The shell version whose antd contract list (tools/federation/antd-shared.mjs) this build sees: the
 * list ships with the shell, so a change to it comes with a new shell version (antd-contract.json).
 */
function shellVersion() {
  return JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'antd-contract.json'), 'utf8')).shellVersion;
}

export class SharedClientUsagePlugin {
  /**
   * @param {string} pkgDir the remote's package
   * @param {{ package: string, version: string }} [kit] the remote kit it is built with (a remote
   *   outside this repository): recorded, so a refusal can name the kit the active shell needs
   */
  constructor(pkgDir, kit) {
    this.pkgDir = pkgDir;
    this.kit = kit;
  }

  apply(compiler) {
    const { sources, Compilation, WebpackError } = compiler.webpack;
    compiler.hooks.compilation.tap('SharedClientUsagePlugin', (compilation) => {
      const uses = new Set();
      const antdUses = new Set();
      compilation.hooks.finishModules.tap('SharedClientUsagePlugin', (modules) => {
        for (const module of modules) {
          // The remote's own code and the UI kit it bundles (its copy may be the one that runs); not
          // its other dependencies, not the shared client's own files (the shell's copy runs).
          const resource = module.resource;
          if (!resource || /[\\/]packages[\\/]shared-client[\\/]/.test(resource)) continue;
          if (resource.includes('node_modules') && !BUNDLED_KIT.test(resource)) continue;
          for (const dep of dependenciesOf(module)) {
            // The antd exports it takes from the share scope: the release gate and the shell compare them with the shell's.
            if (dep.request === 'antd' && (dep.type === 'harmony import specifier' || dep.type === 'harmony export imported specifier') && dep.ids?.[0]) {
              antdUses.add(dep.ids[0]);
              continue;
            }
            if (dep.request !== SHARED_CLIENT) continue;
            if (dep.type === 'harmony import specifier' || dep.type === 'harmony export imported specifier') {
              const name = dep.ids?.[0];
              if (name) uses.add(name);
              else {
                const error = new WebpackError(`${module.readableIdentifier(compilation.requestShortener)} uses the whole ${SHARED_CLIENT} namespace: import the names it needs, so the shell can check them`);
                error.module = module;
                compilation.errors.push(error);
              }
            }
          }
        }
      });
      compilation.hooks.processAssets.tap({ name: 'SharedClientUsagePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const usage = {
          package: SHARED_CLIENT,
          ...sharedClientVersions(this.pkgDir),
          uses: [...uses].sort(),
          antdUses: [...antdUses].sort(),
          antdShellVersion: shellVersion(),
          ...(this.kit ? { kit: this.kit } : {}),
        };
        compilation.emitAsset(USAGE_FILE, new sources.RawSource(`${JSON.stringify(usage, null, 2)}\n`));
      });
    });
  }
}

/** api-contract's SHELL_CONTRACT_FILE: what a shell build provides to every remote (the release gate reads it). */
export const SHELL_CONTRACT_FILE = 'shell-contract.json';

/**
 * What a shell build provides to every remote: its shared-client's version and exports (surface.json)
 * and the antd exports of the share scope. The shell contract records it for the gate; the shell's
 * code carries it for its own check of a remote (packages/shell's sharedClientCheck).
 */
export function shellProvides(pkgDir, antdExports) {
  const surface = JSON.parse(readFileSync(join(pkgDir, 'node_modules', SHARED_CLIENT, 'surface.json'), 'utf8'));
  return { sharedClient: { version: surface.version, exports: surface.exports }, antd: { exports: [...antdExports].sort() } };
}

/**
 * Writes `shell-contract.json` into the shell's build: the version of the remote kit made from it,
 * the shared-client version and exports (its surface.json) and the antd exports of the share scope. With the versions in the shell's
 * mf-manifest.json, this is everything the release gate checks a remote against.
 */
export class ShellContractPlugin {
  constructor(pkgDir, antdExports, slots) {
    this.pkgDir = pkgDir;
    this.antdExports = antdExports;
    this.slots = slots;
  }

  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.compilation.tap('ShellContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const contract = {
          // The remote kit made from this contract carries the shell's version (packages/remote-kit):
          // the gate names it to a build it refuses.
          remoteKit: JSON.parse(readFileSync(join(this.pkgDir, 'package.json'), 'utf8')).version,
          ...shellProvides(this.pkgDir, this.antdExports),
          // The extension slots' contract versions (shared-client's SLOT_CONTRACTS): the gate checks each contribution's range.
          slots: this.slots,
        };
        compilation.emitAsset(SHELL_CONTRACT_FILE, new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}
