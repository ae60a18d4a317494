// The shell contract a remote kit is made from. The kit carries the shell's version (its own
// version is the shell's: test/version.test.ts), and its packed tarball carries the contract itself
// in `kit.json` (scripts/pack.mjs): what the shell's build wrote (packages/shell/dist/shell-contract.json),
// with the versions of the shared singletons the shell provides (its mf-manifest.json), beside the
// versions of the kit's packages and of the toolchain a remote builds with. The scaffold pins a new
// remote's singletons to the shell's versions; the release gate names the kit version that matches
// the active shell when it refuses a build.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KIT_DIR = dirname(fileURLToPath(import.meta.url));
export const KIT_PACKAGE = '@growth-admin/remote-kit';
/** The file of the packed kit that holds the shell contract it was made from (scripts/pack.mjs writes it). */
export const KIT_STAMP_FILE = 'kit.json';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** This kit's version: the version of the shell whose contract it was made from. */
export function kitVersion() {
  return readJson(join(KIT_DIR, 'package.json')).version;
}

/** What a build made with this kit records of it (shared-client-usage.json's `kit`). */
export function kitRecord() {
  return { package: KIT_PACKAGE, version: kitVersion() };
}

/**
 * What was stamped into this kit when it was packed: `{ version, shellContract, packages, tarballs,
 * toolchain }`; null in the repository, where nothing is stamped.
 */
export function kitStamp(dir = KIT_DIR) {
  const file = join(dir, KIT_STAMP_FILE);
  return existsSync(file) ? readJson(file) : null;
}

/**
 * The contract a shell build provides, as the release gate reads it: its shell-contract.json, and
 * each shared module's version from its mf-manifest.json (`shared`: name → version).
 */
export function shellContractOfBuild(shellDist) {
  for (const file of ['shell-contract.json', 'mf-manifest.json']) {
    if (!existsSync(join(shellDist, file)))
      throw new Error(
        `${shellDist} has no ${file}: build the shell first (pnpm --filter @growth-admin/shell build)`,
      );
  }
  const contract = readJson(join(shellDist, 'shell-contract.json'));
  const manifest = readJson(join(shellDist, 'mf-manifest.json'));
  const shared = {};
  for (const s of manifest.shared ?? [])
    if (typeof s.name === 'string' && typeof s.version === 'string') shared[s.name] = s.version;
  return { ...contract, shared };
}
