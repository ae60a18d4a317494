// The compatibility gate's rules, pure: whether a build can run as a remote on a shell (the singletons
// it requires in satisfying versions, the shared-client and antd exports it uses, the slot contracts
// of its contributions) and fits the registry (its metadata names it and what it exposes, its section
// paths are its own). The API's release gate runs them before any release or preview is registered
// (admin-api's controlPlane/releases/gate.ts); the shell runs them in the page on a developer's
// override before loading it. No TypeBox: the one module of this package the browser runs
// (semver only); the schema check of remote-meta.json is the caller's to give.
import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';
import type { RemoteMeta } from './remoteMeta';
import { REMOTE_FILES } from './remoteFiles';

export { REMOTE_FILES, SHELL_CONTRACT_FILE } from './remoteFiles';

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

/** What the build is checked against besides the shell: the section paths other live remotes own (path → remote). */
export interface RegistryView {
  ownedPaths: Record<string, string>;
}

export const REMOTE_KIT_PACKAGE = '@growth-admin/remote-kit';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const bare = (module: string) => module.replace(/^\.\//, '');

/** What a shell provides, from its mf-manifest.json and its shell-contract.json as read. */
export function shellProvidesFrom(
  manifest: FederationManifest,
  contract: { sharedClient?: { exports?: unknown }; antd?: { exports?: unknown }; slots?: unknown; remoteKit?: unknown },
): ShellProvides {
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

/** Without a schema check of its own: a remote-meta.json must at least list sections and contributions. */
function shapeProblems(meta: unknown): string[] {
  const m = meta as { sections?: unknown; contributions?: unknown } | null;
  return m && typeof m === 'object' && Array.isArray(m.sections) && Array.isArray(m.contributions) ? [] : [`its ${REMOTE_FILES.meta} lists no sections and contributions`];
}

/**
 * Every reason the build cannot run as `remote` on this shell or in this registry; empty when it can.
 * `meta`: the build's remote-meta.json as loaded (null: there is none; an Error: it cannot be read).
 * `schemaProblems`: the problems of a loaded remote-meta.json against its schema (the API's checks the
 * RemoteMeta schema; by default only its shape).
 */
export function compatibilityProblems(
  remote: string,
  manifest: FederationManifest,
  usage: RemoteUsage | null,
  meta: unknown,
  shell: ShellProvides,
  registry: RegistryView = { ownedPaths: {} },
  schemaProblems: (meta: unknown) => string[] = shapeProblems,
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
    const schema = schemaProblems(meta);
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
 * Whether a valid remote-meta.json is `remote`'s and its sections are its own: it names the remote,
 * declares each path once, and none another live remote owns. (The API checks an override's
 * metadata with this alone: it cannot fetch a developer's build.)
 */
export function ownershipProblems(remote: string, meta: RemoteMeta, registry: RegistryView): string[] {
  const problems: string[] = [];
  if (meta.name !== remote) problems.push(`its ${REMOTE_FILES.meta} names the remote "${meta.name}", not "${remote}"`);
  const paths = new Set<string>();
  for (const s of meta.sections) {
    if (paths.has(s.path)) problems.push(`it declares the section /${s.path} twice`);
    paths.add(s.path);
    const owner = registry.ownedPaths[s.path];
    if (owner && owner !== remote) problems.push(`the section path /${s.path} belongs to the remote ${owner}`);
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
  const problems = ownershipProblems(remote, meta, registry);
  const slotProblems: string[] = [];
  const exposed = new Set((manifest.exposes ?? []).flatMap((e) => [e.name, typeof e.path === 'string' ? bare(e.path) : undefined]));
  const missing = [...new Set([...meta.sections, ...meta.contributions].map((x) => x.module))].filter((m) => !exposed.has(bare(m)));
  if (missing.length) problems.push(`it does not expose ${missing.map((m) => `${remote}/${bare(m)}`).join(', ')}, which its ${REMOTE_FILES.meta} names`);
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
