// The compatibility gate: before a release is registered, the API loads its manifest, what the build
// says it uses and what it declares (remote-meta.json), and refuses (422 RELEASE_INCOMPATIBLE, every
// reason in one message, nothing changed) a build that cannot run on the active shell or does not fit
// the registry. The rules are pure (`compatibilityProblems`); `gateRelease` fetches their inputs.
import { REMOTE_FILES, RemoteMeta as RemoteMetaSchema, SECTION_ICONS, SHELL_CONTRACT_FILE, type RemoteMeta } from '@growth-admin/api-contract/remote-meta';
import { Value } from '@sinclair/typebox/value';
import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';
import { ApiError } from '../../http/errors';

export interface FederationManifest {
  name?: unknown;
  exposes?: Array<{ name?: unknown; path?: unknown }>;
  shared?: Array<{ name?: unknown; version?: unknown; requiredVersion?: unknown; singleton?: unknown }>;
}

export interface RemoteUsage {
  uses?: unknown;
  antdUses?: unknown;
  /** The shell version whose antd contract list the remote was built against (the one that adds what it uses). */
  antdShellVersion?: unknown;
  /** The remote kit a build outside this repository was made with (`{ package, version }`). */
  kit?: { version?: unknown };
}

/** What the active shell provides: its manifest's shared versions and its shell-contract.json. */
export interface ShellProvides {
  shared: Record<string, string>;
  sharedClientExports: string[];
  antdExports: string[];
  /** Slot id → the slot contract version the shell implements. */
  slots: Record<string, string>;
  /** The version of the remote kit made from this shell's contract (its shell-contract.json's `remoteKit`). */
  remoteKit?: string;
}

export const REMOTE_KIT_PACKAGE = '@growth-admin/remote-kit';

/**
 * What a build that does not fit the shell's contract is told to build with: the remote kit made
 * from the active shell's contract, and the one it was made with when it says so.
 */
export function kitAdvice(usage: RemoteUsage | null, shell: ShellProvides): string | null {
  if (!shell.remoteKit) return null;
  const builtWith = typeof usage?.kit?.version === 'string' ? usage.kit.version : null;
  const was = builtWith ? ` (it was built with remote kit ${builtWith})` : '';
  return `the build needs ${REMOTE_KIT_PACKAGE} ${shell.remoteKit}, the kit made from the active shell's contract${was}: rebuild it with that kit`;
}

/** What the build is checked against besides the shell: the section paths other live remotes own (path → remote). */
export interface RegistryView {
  ownedPaths: Record<string, string>;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const bare = (module: string) => module.replace(/^\.\//, '');

/** The problems of a remote-meta.json against the RemoteMeta schema, one sentence each (null: it is valid). */
export function metaSchemaProblems(meta: unknown): string[] {
  const problems = new Map<string, string>();
  for (const e of Value.Errors(RemoteMetaSchema, meta)) {
    const path = e.path || '/';
    if (problems.has(path)) continue;
    const icon = /^\/sections\/(\d+)\/icon$/.exec(path);
    if (icon) {
      const section = (meta as { sections: Array<{ path?: unknown; icon?: unknown }> }).sections[Number(icon[1])];
      problems.set(path, `its section ${String(section.path)} names the icon "${String(section.icon)}", which is not one the shell draws (${SECTION_ICONS.join(', ')})`);
    } else if (/\/leastRole$/.test(path)) {
      problems.set(path, `its ${REMOTE_FILES.meta} ${path}: must be viewer, operator or owner`);
    } else {
      problems.set(path, `its ${REMOTE_FILES.meta} ${path}: ${e.message}`);
    }
  }
  return [...problems.values()];
}

/**
 * Every reason the build cannot run as `remote` on this shell or in this registry; empty when it can.
 * `meta`: the build's remote-meta.json as loaded (null: there is none; an Error: it cannot be read).
 */
export function compatibilityProblems(
  remote: string,
  manifest: FederationManifest,
  usage: RemoteUsage | null,
  meta: unknown,
  shell: ShellProvides,
  registry: RegistryView = { ownedPaths: {} },
): string[] {
  const problems: string[] = [];
  if (manifest.name !== remote) return [`the manifest names the remote "${String(manifest.name)}", not "${remote}"`];
  // The problems with the shell's contract (shared versions, shared-client and antd exports, slot
  // contracts): a build with any of them is told which remote kit the active shell needs.
  const contract = contractProblems(manifest, usage, shell);
  problems.push(...contract);
  if (meta === null) {
    problems.push(`it has no ${REMOTE_FILES.meta} beside its manifest, so its sections and slot contributions are unknown`);
  } else if (meta instanceof Error) {
    problems.push(meta.message);
  } else {
    const schema = metaSchemaProblems(meta);
    if (schema.length) problems.push(...schema);
    else {
      const { slotProblems, otherProblems } = metaProblems(remote, manifest, meta as RemoteMeta, shell, registry);
      problems.push(...otherProblems, ...slotProblems);
      contract.push(...slotProblems);
    }
  }
  const advice = contract.length ? kitAdvice(usage, shell) : null;
  return advice ? [...problems, advice] : problems;
}

/** What the build needs of the shell that the shell does not provide. */
function contractProblems(manifest: FederationManifest, usage: RemoteUsage | null, shell: ShellProvides): string[] {
  const problems: string[] = [];
  // Every singleton the build requires must come from the shell in a satisfying version: it brings no
  // copy of its own (the share scope takes the shell's). A module shared by range only (`singleton:
  // false`: the UI kit) is not the shell's business: a build needing a newer one runs its own copy.
  for (const need of manifest.shared ?? []) {
    const range = typeof need.requiredVersion === 'string' ? need.requiredVersion : undefined;
    if (typeof need.name !== 'string' || !range) continue; // not required from the share scope
    if (need.singleton === false) continue; // its own copy when the shell's does not satisfy it
    const provided = shell.shared[need.name];
    if (!provided) problems.push(`it needs ${need.name} ${range}, which the active shell does not provide`);
    else if (!satisfies(provided, range, { includePrerelease: true })) problems.push(`it needs ${need.name} ${range}, but the active shell provides ${provided}`);
  }
  if (!usage) {
    problems.push(`it has no ${REMOTE_FILES.usage} beside its manifest, so what it uses of the shell cannot be checked`);
  } else {
    // The singleton core's exports only (the build's own imports and those of the UI kit it bundles).
    const lacking = strings(usage.uses).filter((n) => !shell.sharedClientExports.includes(n));
    if (lacking.length) problems.push(`it uses @growth-admin/shared-client exports the active shell does not provide: ${lacking.join(', ')}`);
    const lackingAntd = strings(usage.antdUses).filter((n) => !shell.antdExports.includes(n));
    const addedIn = typeof usage.antdShellVersion === 'string' ? ` (shell ${usage.antdShellVersion} adds them: release it first)` : '';
    if (lackingAntd.length) problems.push(`it uses antd exports the active shell does not provide: ${lackingAntd.join(', ')}${addedIn}`);
  }
  return problems;
}

/**
 * What a valid remote-meta.json says that does not fit the build or the registry (`otherProblems`),
 * or the shell's slot contracts (`slotProblems`).
 */
function metaProblems(
  remote: string,
  manifest: FederationManifest,
  meta: RemoteMeta,
  shell: ShellProvides,
  registry: RegistryView,
): { slotProblems: string[]; otherProblems: string[] } {
  const problems: string[] = [];
  const slotProblems: string[] = [];
  if (meta.name !== remote) problems.push(`its ${REMOTE_FILES.meta} names the remote "${meta.name}", not "${remote}"`);
  const exposed = new Set((manifest.exposes ?? []).flatMap((e) => [e.name, typeof e.path === 'string' ? bare(e.path) : undefined]));
  const missing = [...new Set([...meta.sections, ...meta.contributions].map((x) => x.module))].filter((m) => !exposed.has(bare(m)));
  if (missing.length) problems.push(`it does not expose ${missing.map((m) => `${remote}/${bare(m)}`).join(', ')}, which its ${REMOTE_FILES.meta} names`);
  const paths = new Set<string>();
  for (const s of meta.sections) {
    if (paths.has(s.path)) problems.push(`it declares the section /${s.path} twice`);
    paths.add(s.path);
    const owner = registry.ownedPaths[s.path];
    if (owner && owner !== remote) problems.push(`the section path /${s.path} belongs to the remote ${owner}`);
  }
  for (const c of meta.contributions) {
    const version = shell.slots[c.slot];
    if (version === undefined) {
      const known = Object.keys(shell.slots).sort();
      slotProblems.push(`it contributes to the slot ${c.slot}, which the active shell does not provide (${known.length ? `it provides ${known.join(', ')}` : 'it provides no slot'})`);
    } else if (!validRange(c.contract)) {
      problems.push(`its contribution to ${c.slot} names the contract "${c.contract}", which is not a semver range`);
    } else if (!satisfies(version, c.contract, { includePrerelease: true })) {
      slotProblems.push(`its contribution to ${c.slot} needs the slot contract ${c.contract}, but the active shell provides ${version}`);
    }
  }
  return { slotProblems, otherProblems: problems };
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

/** A file beside the manifest: its JSON, null when there is none (404), else the Error saying why it cannot be read. */
async function besideManifest(manifestUrl: string, file: string): Promise<unknown> {
  try {
    return await fetchJson(new URL(file, manifestUrl).href, `its ${file}`);
  } catch (err) {
    return /\(HTTP 404\)$/.test((err as Error).message) ? null : (err as Error);
  }
}

/** What the shell at `shellUrl` provides, from its mf-manifest.json and shell-contract.json. */
export async function loadShellProvides(shellUrl: string): Promise<ShellProvides> {
  const manifest = (await fetchJson(`${shellUrl}/${REMOTE_FILES.manifest}`, "the active shell's manifest")) as FederationManifest;
  const contract = (await fetchJson(`${shellUrl}/${SHELL_CONTRACT_FILE}`, "the active shell's contract")) as {
    sharedClient?: { exports?: unknown };
    antd?: { exports?: unknown };
    slots?: unknown;
    remoteKit?: unknown;
  };
  const shared: Record<string, string> = {};
  for (const s of manifest.shared ?? []) if (typeof s.name === 'string' && typeof s.version === 'string') shared[s.name] = s.version;
  const slots: Record<string, string> = {};
  if (contract.slots && typeof contract.slots === 'object') for (const [id, v] of Object.entries(contract.slots)) if (typeof v === 'string') slots[id] = v;
  return {
    shared,
    sharedClientExports: strings(contract.sharedClient?.exports),
    antdExports: strings(contract.antd?.exports),
    slots,
    ...(typeof contract.remoteKit === 'string' ? { remoteKit: contract.remoteKit } : {}),
  };
}

/** Why a manifest URL may not be registered: its origin is neither the remote's nor one releases are served from. */
export function originProblem(manifestUrl: string, allowed: string[]): string | null {
  const origin = new URL(manifestUrl).origin;
  return allowed.includes(origin) ? null : `its manifest is on ${origin}, not on the remote's origin nor on an origin releases are served from (${allowed.join(', ')})`;
}

/**
 * Resolves with the build's metadata when the build at `manifestUrl` may be released as `remote`
 * (registered at `remoteOrigin`); else throws 422 naming every problem.
 */
export async function gateRelease(
  input: { remote: string; version: string; manifestUrl: string },
  context: { shellUrl: string | null; remoteOrigin: string; releaseOrigins: string[]; registry: RegistryView },
): Promise<RemoteMeta> {
  const refuse = (problems: string[]) => incompatible(input.remote, input.version, problems);
  const foreign = originProblem(input.manifestUrl, [...new Set([context.remoteOrigin, ...context.releaseOrigins])]);
  if (foreign) throw refuse([foreign]); // nothing is fetched from an origin that may not serve code
  if (!context.shellUrl) throw refuse(['the API does not know the active shell to check it against (set SHELL_URL)']);
  let manifest: FederationManifest;
  try {
    manifest = (await fetchJson(input.manifestUrl, 'the manifest')) as FederationManifest;
  } catch (err) {
    throw refuse([(err as Error).message]);
  }
  if (!manifest || typeof manifest !== 'object') throw refuse([`the manifest at ${input.manifestUrl} is not a Module Federation manifest`]);
  const [usage, meta] = await Promise.all([besideManifest(input.manifestUrl, REMOTE_FILES.usage), besideManifest(input.manifestUrl, REMOTE_FILES.meta)]);
  let shell: ShellProvides;
  try {
    shell = await loadShellProvides(context.shellUrl);
  } catch (err) {
    throw refuse([(err as Error).message]);
  }
  // A usage file that does not load is as good as none: the build's uses cannot be checked.
  const problems = compatibilityProblems(input.remote, manifest, usage instanceof Error ? null : (usage as RemoteUsage | null), meta, shell, context.registry);
  if (problems.length) throw refuse(problems);
  return meta as RemoteMeta;
}
