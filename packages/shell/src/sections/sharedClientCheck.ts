// Before the shell loads a remote's modules it reads what the remote needs of the shared client
// (`shared-client-usage.json`, written by the remote's build beside its mf-manifest.json) and
// refuses, by name, a remote that needs exports this shell's shared-client lacks. shared-client is a
// singleton and the shell's copy is the one every remote gets: without this check a remote built
// against a newer shared-client would call `undefined` somewhere in the middle of a screen. Only the
// singleton core: the UI kit is shared by semver range, so a remote needing a newer kit than this
// shell's runs its own copy (its build counts that copy's core imports among the remote's uses).
// The same file lists the antd exports the remote imports: antd is a singleton too (the shell's,
// tree-shaken to its contract list), so a remote that uses a component this shell does not provide
// is refused naming the exports and the shell version whose list has them.
import type { REMOTE_FILES } from '@growth-admin/api-contract';

/** Beside a remote's manifest (the contract's name, type-checked: the browser ships no contract code). */
const SHARED_CLIENT_USAGE_FILE: (typeof REMOTE_FILES)['usage'] = 'shared-client-usage.json';


export interface SharedClientUsage {
  builtWith: string;
  requiredVersion: string;
  uses: string[];
  /** The antd exports the remote imports, and the shell version whose antd contract provides them. */
  antdUses?: string[];
  antdShellVersion?: string;
}

const strings = (list: unknown[]) => list.filter((u): u is string => typeof u === 'string');

function parseUsage(value: unknown): SharedClientUsage | null {
  const v = value as Partial<SharedClientUsage> | null;
  if (!v || typeof v.builtWith !== 'string' || typeof v.requiredVersion !== 'string' || !Array.isArray(v.uses)) return null;
  const usage: SharedClientUsage = { builtWith: v.builtWith, requiredVersion: v.requiredVersion, uses: strings(v.uses) };
  if (Array.isArray(v.antdUses)) usage.antdUses = strings(v.antdUses);
  if (typeof v.antdShellVersion === 'string') usage.antdShellVersion = v.antdShellVersion;
  return usage;
}

type Exports = Record<string, unknown>;

/** The names `usage` needs that `available` (this shell's shared-client) does not export. */
export function missingExports(usage: SharedClientUsage, available: Exports): string[] {
  return usage.uses.filter((name) => available[name] === undefined);
}

/** Why a remote cannot run on this shell, in words an operator can act on. */
export function refusal(usage: SharedClientUsage, missing: string[], providedVersion: string): string {
  return (
    `it needs @growth-admin/shared-client ${usage.requiredVersion} (built with ${usage.builtWith}), ` +
    `but this shell provides ${providedVersion}, which lacks ${missing.join(', ')}: deploy a newer shell first, or roll the remote back`
  );
}

/** Why a remote that uses antd exports this shell does not provide cannot run on it. */
export function antdRefusal(missing: string[], shellVersion: string): string {
  return (
    `it uses antd's ${missing.join(', ')}, which this shell does not provide (the shell's antd contract has them from ${shellVersion}): ` +
    `deploy shell ${shellVersion} or later first, or roll the remote back`
  );
}

/**
 * Resolves when the remote at `manifestUrl` may run on this shell; rejects with the refusal when it
 * needs exports this shell lacks. A remote without a usage file (built before it existed) or one
 * that cannot be read is let through: the load itself reports a remote that is not there.
 */
export async function checkSharedClientUsage(manifestUrl: string, fetchImpl?: typeof fetch, available?: Exports, availableAntd?: Exports): Promise<void> {
  // What this shell provides, read beside the usage file (a chunk of its own: not on the login
  // screen's path). Where it cannot load, nothing is checked against it, as with an unreadable usage file.
  const provided =
    available && availableAntd
      ? null
      : import(/* webpackChunkName: "shell-provides" */ './shellProvides').then(
          (m) => m.SHELL_PROVIDES,
          () => null,
        );
  let usage: SharedClientUsage | null = null;
  try {
    const get = fetchImpl ?? globalThis.fetch;
    // Cached as its server says: a version's file in the release store never changes.
    const response = await get(new URL(SHARED_CLIENT_USAGE_FILE, manifestUrl).href);
    if (response.ok) usage = parseUsage(await response.json());
  } catch {
    return;
  }
  if (!usage) return;
  const recorded = await provided;
  const shared = available ?? recorded?.sharedClient;
  if (!shared) return;
  const missing = missingExports(usage, shared);
  if (missing.length) throw new Error(refusal(usage, missing, String(shared.SHARED_CLIENT_VERSION ?? 'an unknown version')));
  if (!usage.antdUses?.length) return;
  const antd = availableAntd ?? recorded?.antd;
  if (!antd) return;
  const missingAntd = usage.antdUses.filter((name) => antd[name] === undefined);
  if (missingAntd.length) throw new Error(antdRefusal(missingAntd, usage.antdShellVersion ?? 'a later version'));
}
