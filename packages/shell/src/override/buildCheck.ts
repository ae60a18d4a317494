// The release gate's rules, run in the page on a developer's override before its code loads: the
// build's manifest (the singletons it requires, in versions this shell provides), its
// shared-client-usage.json (the core's and antd's exports it uses) and its remote-meta.json (what it
// exposes, its section paths, its slot contracts), against this shell's own mf-manifest.json and
// shell-contract.json. The same pure rules as the API's gate (api-contract/compatibility); only the
// RemoteMeta schema is not checked here (no TypeBox in the page). A problem is shown, not enforced:
// the override is the developer's own, and the loader still refuses what it always refuses.
import {
  compatibilityProblems,
  REMOTE_FILES,
  SHELL_CONTRACT_FILE,
  shellProvidesFrom,
  type FederationManifest,
  type RemoteUsage,
} from '@growth-admin/api-contract/compatibility';
import type { Composition } from '@growth-admin/shared-client';

declare const __webpack_public_path__: string | undefined;

/** Where this shell's own files are (its manifest and contract beside its page's scripts). */
const shellBase = () => new URL((typeof __webpack_public_path__ === 'string' && __webpack_public_path__) || '/', document.baseURI).href;

async function json(fetchImpl: typeof fetch, url: string, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-cache', credentials: 'omit' });
  } catch (err) {
    throw new Error(`${what} at ${url} does not load (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!response.ok) throw new Error(`${what} at ${url} does not load (HTTP ${response.status})`);
  try {
    return await response.json();
  } catch {
    throw new Error(`${what} at ${url} is not JSON`);
  }
}

/** A file beside the manifest: its JSON, null when there is none (404), else the Error saying why it cannot be read. */
async function beside(fetchImpl: typeof fetch, manifestUrl: string, file: string): Promise<unknown> {
  try {
    return await json(fetchImpl, new URL(file, manifestUrl).href, `its ${file}`);
  } catch (err) {
    return /\(HTTP 404\)$/.test((err as Error).message) ? null : err;
  }
}

/**
 * Every reason the release gate would refuse the build at `manifestUrl` as `remote` on this shell,
 * with the other remotes of `composition` owning their sections; empty when it would pass.
 */
export async function buildProblems(
  remote: string,
  manifestUrl: string,
  composition: Composition,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  base: string = shellBase(),
): Promise<string[]> {
  let manifest: FederationManifest;
  try {
    manifest = (await json(fetchImpl, manifestUrl, 'its manifest')) as FederationManifest;
  } catch (err) {
    return [(err as Error).message];
  }
  const [usage, meta] = await Promise.all([beside(fetchImpl, manifestUrl, REMOTE_FILES.usage), beside(fetchImpl, manifestUrl, REMOTE_FILES.meta)]);
  let shell;
  try {
    const [shellManifest, contract] = await Promise.all([
      json(fetchImpl, new URL(REMOTE_FILES.manifest, base).href, "this shell's manifest"),
      json(fetchImpl, new URL(SHELL_CONTRACT_FILE, base).href, "this shell's contract"),
    ]);
    shell = shellProvidesFrom(shellManifest as FederationManifest, contract as Parameters<typeof shellProvidesFrom>[1]);
    // On a page with an override the shell provides React's development JSX runtime too (jsxDevRuntime.ts).
    if (shell.shared.react) shell.shared['react/jsx-dev-runtime'] = shell.shared.react;
  } catch (err) {
    return [`the build cannot be checked: ${(err as Error).message}`];
  }
  const ownedPaths = Object.fromEntries(composition.sections.filter((s) => s.remote !== remote).map((s) => [s.path, s.remote]));
  // A usage file that does not load is as good as none, as at the gate.
  return compatibilityProblems(remote, manifest, usage instanceof Error ? null : (usage as RemoteUsage | null), meta, shell, { ownedPaths });
}
