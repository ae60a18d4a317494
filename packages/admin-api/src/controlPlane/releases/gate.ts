// The compatibility gate: before a release is registered, the API loads its manifest, what the build
// says it uses and what it declares (remote-meta.json), and refuses (422 RELEASE_INCOMPATIBLE, every
// reason in one message, nothing changed) a build that cannot run on the active shell or does not fit
// the registry. The rules are pure (api-contract's compatibility.ts, which the shell also runs on a
// developer's override; here with the RemoteMeta schema in full); `gateRelease` fetches their inputs.
import {
  compatibilityProblems as rules,
  shellProvidesFrom,
  type FederationManifest,
  type RegistryView,
  type RemoteUsage,
  type ShellProvides,
} from '@growth-admin/api-contract/compatibility';
import { REMOTE_FILES, RemoteMeta as RemoteMetaSchema, SECTION_ICONS, SHELL_CONTRACT_FILE, type RemoteMeta } from '@growth-admin/api-contract/remote-meta';
import { Value } from '@sinclair/typebox/value';
import { ApiError } from '../../http/errors';
import { firstLoadOf, type FirstLoad } from './firstLoad';

export { kitAdvice, REMOTE_KIT_PACKAGE, type FederationManifest, type RegistryView, type RemoteUsage, type ShellProvides } from '@growth-admin/api-contract/compatibility';

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
 * Every reason the build cannot run as `remote` on this shell or in this registry; empty when it can
 * (api-contract's compatibility rules, with the RemoteMeta schema checked in full).
 */
export function compatibilityProblems(
  remote: string,
  manifest: FederationManifest,
  usage: RemoteUsage | null,
  meta: unknown,
  shell: ShellProvides,
  registry: RegistryView = { ownedPaths: {} },
): string[] {
  return rules(remote, manifest, usage, meta, shell, registry, metaSchemaProblems);
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
  const contract = (await fetchJson(`${shellUrl}/${SHELL_CONTRACT_FILE}`, "the active shell's contract")) as Parameters<typeof shellProvidesFrom>[1];
  return shellProvidesFrom(manifest, contract);
}

/** Why a manifest URL may not be registered: its origin is neither the remote's nor one releases are served from. */
export function originProblem(manifestUrl: string, allowed: string[]): string | null {
  const origin = new URL(manifestUrl).origin;
  return allowed.includes(origin) ? null : `its manifest is on ${origin}, not on the remote's origin nor on an origin releases are served from (${allowed.join(', ')})`;
}

/** What the gate read of a build it passed: its remote-meta.json and what its modules load first. */
export interface GatedBuild {
  meta: RemoteMeta;
  firstLoad: FirstLoad | null;
}

/**
 * Resolves with the build's metadata and first load when the build at `manifestUrl` may be released
 * as `remote` (registered at `remoteOrigin`); else throws 422 naming every problem.
 */
export async function gateRelease(
  input: { remote: string; version: string; manifestUrl: string },
  context: { shellUrl: string | null; remoteOrigin: string; releaseOrigins: string[]; registry: RegistryView },
): Promise<GatedBuild> {
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
  return { meta: meta as RemoteMeta, firstLoad: firstLoadOf(manifest, input.manifestUrl) };
}
