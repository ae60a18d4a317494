// The runtime config fetched at boot: where the API is, the signing key and each remote's
// manifest. Nothing of it is baked into the build, so remotes deploy and roll back on their own.

import { REMOTE_NAMES, type RemoteName } from '@growth-admin/remotes';

export { REMOTE_NAMES, type RemoteName };

/** The registry's release behind a remote's URL (absent in a plain runtime-config.json). */
export interface ChosenRelease {
  id: string;
  version: string;
  canary: boolean;
}

/** A release's SRI hashes (`sha384-…`) of its manifest and remoteEntry.js (which carries its chunks'). */
export interface RemoteIntegrity {
  manifest: string;
  entry: string;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  signingKey: string;
  directImageHosts: string[];
  /** Remote name → URL of its mf-manifest.json (or remoteEntry.js). */
  remotes: Record<RemoteName, string>;
  /** From the release registry: which release each remote's URL is (failures are reported against it). */
  releases: Partial<Record<RemoteName, ChosenRelease>>;
  /** From the release registry: the only origins remotes may be loaded from (absent: no such rule). */
  allowedOrigins?: string[];
  /**
   * From the release registry: each remote's hashes. Present (even empty) when the registry answered:
   * then a remote without hashes is refused. Absent in a plain runtime-config.json (development).
   */
  integrity?: Partial<Record<RemoteName, RemoteIntegrity>>;
}

const SRI = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

function parseIntegrity(value: object): Partial<Record<RemoteName, RemoteIntegrity>> {
  const out: Partial<Record<RemoteName, RemoteIntegrity>> = {};
  for (const name of REMOTE_NAMES) {
    const h = (value as Record<string, Partial<RemoteIntegrity> | undefined>)[name];
    if (h && typeof h.manifest === 'string' && typeof h.entry === 'string' && SRI.test(h.manifest) && SRI.test(h.entry)) out[name] = { manifest: h.manifest, entry: h.entry };
  }
  return out;
}

function parseReleases(value: unknown): Partial<Record<RemoteName, ChosenRelease>> {
  const out: Partial<Record<RemoteName, ChosenRelease>> = {};
  if (!value || typeof value !== 'object') return out;
  for (const name of REMOTE_NAMES) {
    const r = (value as Record<string, Partial<ChosenRelease> | undefined>)[name];
    if (r && typeof r.id === 'string' && typeof r.version === 'string') out[name] = { id: r.id, version: r.version, canary: r.canary === true };
  }
  return out;
}

/** Throws a readable error naming the first missing or malformed field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!value || typeof value !== 'object') throw new Error('the runtime config is not a JSON object');
  // The registry's route answers in the API's envelope `{ data }`; a static runtime-config.json is bare.
  const inner = (value as { data?: unknown }).data;
  const v = (inner && typeof inner === 'object' ? inner : value) as Record<string, unknown>;
  const text = (key: string): string => {
    if (typeof v[key] !== 'string' || !(v[key] as string)) throw new Error(`the runtime config lacks "${key}"`);
    return v[key] as string;
  };
  const remotesIn = v.remotes;
  if (!remotesIn || typeof remotesIn !== 'object') throw new Error('the runtime config lacks "remotes"');
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const url = (remotesIn as Record<string, unknown>)[name];
    if (typeof url !== 'string' || !url) throw new Error(`the runtime config lacks the URL of remote "${name}"`);
    remotes[name] = url;
  }
  const hosts = Array.isArray(v.directImageHosts) ? v.directImageHosts.filter((h): h is string => typeof h === 'string') : [];
  const config: RuntimeConfig = { apiBaseUrl: text('apiBaseUrl'), signingKey: text('signingKey'), directImageHosts: hosts, remotes, releases: parseReleases(v.releases) };
  if (Array.isArray(v.allowedOrigins)) config.allowedOrigins = v.allowedOrigins.filter((o): o is string => typeof o === 'string');
  if (v.integrity && typeof v.integrity === 'object') config.integrity = parseIntegrity(v.integrity);
  return config;
}

export const BROWSER_ID_KEY = 'growth-admin.browser-id';

/**
 * Who the registry's canary choice sticks to: `admin:<username>` once someone has signed in on this
 * browser (the stored session; usernames are unique and never change, so one administrator gets one
 * version on every browser), else `browser:<random id kept in localStorage>` (before the first
 * sign-in: the same browser keeps its version). The registry hashes it with the remote's name.
 */
export function releaseSubject(storage: Storage | null, username: string | undefined): string | undefined {
  if (username) return `admin:${username}`;
  if (!storage) return undefined;
  try {
    let id = storage.getItem(BROWSER_ID_KEY);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
      storage.setItem(BROWSER_ID_KEY, id);
    }
    return `browser:${id}`;
  } catch {
    return undefined;
  }
}

/** The config URL with the subject the canary choice sticks to. */
export function withSubject(url: string, subject: string | undefined): string {
  if (!subject) return url;
  const u = new URL(url);
  u.searchParams.set('subject', subject);
  return u.href;
}

/**
 * Where the config lives: `<meta name="growth-admin:runtime-config" content="...">` in index.html
 * when a deployment sets it, else `runtime-config.json` beside the shell's files.
 */
export function runtimeConfigUrl(doc: Document, publicPath: string): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="growth-admin:runtime-config"]');
  const configured = meta?.content?.trim();
  return new URL(configured || `${publicPath}runtime-config.json`, doc.baseURI).href;
}

export async function fetchRuntimeConfig(url: string): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // no-cache: the registry's answer may be kept 5 s by a CDN, never past a revalidation here.
    response = await fetch(url, { cache: 'no-cache' });
  } catch (err) {
    throw new Error(`${url} could not be fetched (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON`);
  }
  return parseRuntimeConfig(json);
}
