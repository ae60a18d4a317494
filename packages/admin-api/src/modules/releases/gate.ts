// The compatibility gate: before a release is registered, the API loads its manifest and what the
// build says it uses, and refuses (422 RELEASE_INCOMPATIBLE, nothing changed) a build that cannot run
// on the active shell. The rules are pure (`compatibilityProblems`); `gateRelease` fetches their inputs.
import satisfies from 'semver/functions/satisfies';
import { remoteByName, SHARED_CLIENT_USAGE_FILE } from '@growth-admin/remotes';
import { ApiError } from '../../http/errors';

/** The shared singletons a remote takes from the shell: each requirement must be met by the shell's copy. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'antd', '@tanstack/react-query', 'dayjs', '@growth-admin/shared-client'] as const;
export const SHELL_CONTRACT_FILE = 'shell-contract.json';

export interface FederationManifest {
  name?: unknown;
  exposes?: Array<{ name?: unknown; path?: unknown }>;
  shared?: Array<{ name?: unknown; version?: unknown; requiredVersion?: unknown }>;
}

export interface RemoteUsage {
  uses?: unknown;
  antdUses?: unknown;
}

/** What the active shell provides: its manifest's shared versions and its shell-contract.json. */
export interface ShellProvides {
  shared: Record<string, string>;
  sharedClientExports: string[];
  antdExports: string[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Every reason the build cannot run as `remote` on this shell; empty when it can. */
export function compatibilityProblems(remote: string, manifest: FederationManifest, usage: RemoteUsage | null, shell: ShellProvides): string[] {
  const problems: string[] = [];
  if (manifest.name !== remote) return [`the manifest names the remote "${String(manifest.name)}", not "${remote}"`];
  const exposed = new Set((manifest.exposes ?? []).flatMap((e) => [e.name, typeof e.path === 'string' ? e.path.replace(/^\.\//, '') : undefined]));
  const expected = Object.keys(remoteByName(remote).exposes).map((k) => k.replace(/^\.\//, ''));
  const missingModules = expected.filter((m) => !exposed.has(m));
  if (missingModules.length) problems.push(`it does not expose ${missingModules.map((m) => `${remote}/${m}`).join(', ')}, which the list of remotes expects`);
  for (const name of SHARED_SINGLETONS) {
    const need = (manifest.shared ?? []).find((s) => s.name === name);
    const range = typeof need?.requiredVersion === 'string' ? need.requiredVersion : undefined;
    if (!range) continue; // not shared by this build: it brings nothing of it from the share scope
    const provided = shell.shared[name];
    if (!provided) problems.push(`it needs ${name} ${range}, which the active shell does not provide`);
    else if (!satisfies(provided, range, { includePrerelease: true })) problems.push(`it needs ${name} ${range}, but the active shell provides ${provided}`);
  }
  if (!usage) {
    problems.push(`it has no ${SHARED_CLIENT_USAGE_FILE} beside its manifest, so what it uses of the shell cannot be checked`);
  } else {
    const lacking = strings(usage.uses).filter((n) => !shell.sharedClientExports.includes(n));
    if (lacking.length) problems.push(`it uses @growth-admin/shared-client exports the active shell does not provide: ${lacking.join(', ')}`);
    const lackingAntd = strings(usage.antdUses).filter((n) => !shell.antdExports.includes(n));
    if (lackingAntd.length) problems.push(`it uses antd exports the active shell does not provide: ${lackingAntd.join(', ')}`);
  }
  return problems;
}

const incompatible = (remote: string, version: string, problems: string[]) =>
  new ApiError(422, 'RELEASE_INCOMPATIBLE', `${remote} ${version} cannot be released: ${problems.join('; ')}`);

async function fetchJson(url: string, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  } catch (err) {
    throw new Error(`${what} at ${url} does not load (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!response.ok) throw new Error(`${what} at ${url} does not load (HTTP ${response.status})`);
  const text = await response.text();
  if (text.length > 5_000_000) throw new Error(`${what} at ${url} is larger than 5 MB`);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} at ${url} is not JSON`);
  }
}

/** What the shell at `shellUrl` provides, from its mf-manifest.json and shell-contract.json. */
export async function loadShellProvides(shellUrl: string): Promise<ShellProvides> {
  const manifest = (await fetchJson(`${shellUrl}/mf-manifest.json`, "the active shell's manifest")) as FederationManifest;
  const contract = (await fetchJson(`${shellUrl}/${SHELL_CONTRACT_FILE}`, "the active shell's contract")) as {
    sharedClient?: { exports?: unknown };
    antd?: { exports?: unknown };
  };
  const shared: Record<string, string> = {};
  for (const s of manifest.shared ?? []) if (typeof s.name === 'string' && typeof s.version === 'string') shared[s.name] = s.version;
  return { shared, sharedClientExports: strings(contract.sharedClient?.exports), antdExports: strings(contract.antd?.exports) };
}

/** Resolves when the build at `manifestUrl` may be released as `remote`; else throws 422 naming every problem. */
export async function gateRelease(input: { remote: string; version: string; manifestUrl: string }, shellUrl: string | null): Promise<void> {
  const refuse = (problems: string[]) => incompatible(input.remote, input.version, problems);
  if (!shellUrl) throw refuse(['the API does not know the active shell to check it against (set SHELL_URL)']);
  let manifest: FederationManifest;
  try {
    manifest = (await fetchJson(input.manifestUrl, 'the manifest')) as FederationManifest;
  } catch (err) {
    throw refuse([(err as Error).message]);
  }
  if (!manifest || typeof manifest !== 'object') throw refuse([`the manifest at ${input.manifestUrl} is not a Module Federation manifest`]);
  let usage: RemoteUsage | null = null;
  try {
    usage = (await fetchJson(new URL(SHARED_CLIENT_USAGE_FILE, input.manifestUrl).href, SHARED_CLIENT_USAGE_FILE)) as RemoteUsage;
  } catch {
    usage = null;
  }
  let shell: ShellProvides;
  try {
    shell = await loadShellProvides(shellUrl);
  } catch (err) {
    throw refuse([(err as Error).message]);
  }
  const problems = compatibilityProblems(input.remote, manifest, usage, shell);
  if (problems.length) throw refuse(problems);
}
