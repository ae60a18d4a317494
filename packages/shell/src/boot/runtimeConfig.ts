// The runtime config fetched at boot (and carried by the sign-in answer): where the API is, the
// signing key and, for a signed-in administrator, their composition: the sections, routes and slot
// contributions of the remotes they may load, each remote's chosen release and its integrity hashes.
// Nothing of it is baked into the build, so remotes are added, deployed and rolled back on their own.
import type { Composition, SessionPreview } from '@growth-admin/shared-client';

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

/** A developer's own override of one remote in this session: its code from a development build, unchecked (override/). */
export interface RemoteOverride {
  remote: string;
  manifestUrl: string;
  origin: string;
  setAt: string;
}

/**
 * Without a session: the landing section's remote at its stable release (the registry names it only
 * when every role opens on it), whose files the login screen fetches into the cache (sections/landingPrefetch.ts).
 */
export interface LandingRelease {
  remote: string;
  module: string;
  manifestUrl: string;
  integrity: RemoteIntegrity;
  /** What the module loads first, as the release recorded it: remoteEntry.js, then its chunks, each with its hash. */
  files: Array<{ url: string; integrity: string }>;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  signingKey: string;
  directImageHosts: string[];
  /** Remote name → URL of its mf-manifest.json: the remotes this administrator may load. */
  remotes: Record<string, string>;
  /** From the release registry: which release each remote's URL is (failures are reported against it). */
  releases: Record<string, ChosenRelease>;
  /** From the release registry: the only origins remotes may be loaded from (absent: no such rule). */
  allowedOrigins?: string[];
  /**
   * From the release registry: each remote's hashes. Present (even empty) when the registry answered:
   * then a remote without hashes is refused. Absent in a plain runtime-config.json (development).
   */
  integrity?: Record<string, RemoteIntegrity>;
  /** The sidebar, routes and slot contributions; empty before sign-in. */
  composition: Composition;
  /**
   * From the release registry: the previews this session entered, served (`active`) or fallen back
   * to the chosen release (`expired`, `deleted`); absent when the session entered none. Read by the
   * preview banner (src/preview/), which checks it entry by entry: it is taken as the registry sent it.
   */
  previews?: SessionPreview[];
  /** From the release registry, without a session only: what the login screen may prefetch. */
  landing?: LandingRelease;
  /** Not from the registry: the preview links this page could not enter, each the API's reason (the banner says so); absent when none. */
  previewLinkErrors?: string[];
  /** From the release registry: this session's overrides (each in `remotes`, exempt from integrity), and the ticket for the page's CSP. */
  overrides?: RemoteOverride[];
  overrideTicket?: string;
}

const SRI = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
const EMPTY_COMPOSITION: Composition = { sections: [], slots: {}, removedSections: [] };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Keeps the entries of `value` that `read` accepts (a malformed one is dropped, never trusted). */
function recordOf<T>(value: unknown, read: (v: Json) => T | null): Record<string, T> {
  const out: Record<string, T> = {};
  if (!isObject(value)) return out;
  for (const [name, v] of Object.entries(value)) {
    const item = isObject(v) ? read(v) : null;
    if (item) out[name] = item;
  }
  return out;
}

/** A composition whose every entry names a remote of `remotes`: anything else could not load. */
function parseComposition(value: unknown, remotes: Record<string, string>): Composition {
  if (!isObject(value)) return EMPTY_COMPOSITION;
  const known = (v: Json) => str(v.remote) && Object.hasOwn(remotes, v.remote) && str(v.module);
  const sections = (Array.isArray(value.sections) ? value.sections : [])
    .filter((s): s is Json => isObject(s) && known(s) && str(s.path) && str(s.label))
    .map((s) => ({
      path: String(s.path),
      label: String(s.label),
      icon: String(s.icon ?? ''),
      remote: String(s.remote),
      module: String(s.module),
      order: Number(s.order) || 0,
      ...(str(s.prefetch) ? { prefetch: s.prefetch } : {}),
      ...(str(s.itemLabel) ? { itemLabel: s.itemLabel } : {}),
    }));
  const slots: Composition['slots'] = {};
  for (const [id, list] of Object.entries(isObject(value.slots) ? value.slots : {})) {
    slots[id] = (Array.isArray(list) ? list : [])
      .filter((c): c is Json => isObject(c) && known(c))
      .map((c) => ({ remote: String(c.remote), module: String(c.module), order: Number(c.order) || 0, ...(str(c.label) ? { label: c.label } : {}) }));
  }
  const removedSections = (Array.isArray(value.removedSections) ? value.removedSections : [])
    .filter((r): r is Json => isObject(r) && str(r.path) && str(r.label))
    .map((r) => ({ path: String(r.path), label: String(r.label) }));
  return { sections, slots, removedSections };
}

/** A release's two SRI hashes, or null where either is missing or malformed. */
const hashesOf = (h: Json): RemoteIntegrity | null => (str(h.manifest) && str(h.entry) && SRI.test(h.manifest) && SRI.test(h.entry) ? { manifest: h.manifest, entry: h.entry } : null);

/** Throws a readable error naming the first missing or malformed field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isObject(value)) throw new Error('the runtime config is not a JSON object');
  // The registry's route answers in the API's envelope `{ data }`; a static runtime-config.json is bare.
  const v = isObject(value.data) ? value.data : value;
  const text = (key: string): string => {
    if (!str(v[key])) throw new Error(`the runtime config lacks "${key}"`);
    return v[key] as string;
  };
  const remotes: Record<string, string> = {};
  for (const [name, url] of Object.entries(isObject(v.remotes) ? v.remotes : {})) if (str(url)) remotes[name] = url;
  const hosts = Array.isArray(v.directImageHosts) ? v.directImageHosts.filter((h): h is string => typeof h === 'string') : [];
  const config: RuntimeConfig = {
    apiBaseUrl: text('apiBaseUrl'),
    signingKey: text('signingKey'),
    directImageHosts: hosts,
    remotes,
    releases: recordOf(v.releases, (r) => (str(r.id) && str(r.version) ? { id: r.id, version: r.version, canary: r.canary === true } : null)),
    composition: parseComposition(v.composition, remotes),
    previews: v.previews as SessionPreview[] | undefined, // (checked where it is read: preview/notices.ts)
  };
  if (Array.isArray(v.allowedOrigins)) config.allowedOrigins = v.allowedOrigins.filter((o): o is string => typeof o === 'string');
  // An override is taken only as the remote's URL it names (anything else could load unchecked code).
  const overrides = (Array.isArray(v.overrides) ? v.overrides : []).filter((o): o is RemoteOverride => isObject(o) && str(o.remote) && remotes[o.remote] === o.manifestUrl && str(o.origin));
  if (overrides.length) {
    config.overrides = overrides;
    if (str(v.overrideTicket)) config.overrideTicket = v.overrideTicket;
  }
  if (isObject(v.integrity)) config.integrity = recordOf(v.integrity, hashesOf);
  // Taken only whole, with its hashes: the prefetch fetches nothing unchecked.
  const landing = isObject(v.landing) ? v.landing : {};
  const landingHashes = isObject(landing.integrity) ? hashesOf(landing.integrity) : null;
  const files = Array.isArray(landing.files) ? landing.files : [];
  const hashed = (f: unknown): f is { url: string; integrity: string } => isObject(f) && str(f.url) && str(f.integrity) && SRI.test(f.integrity);
  if (str(landing.remote) && str(landing.module) && str(landing.manifestUrl) && landingHashes && files.length && files.every(hashed)) {
    const wellFormed = files.map(({ url, integrity }) => ({ url, integrity }));
    config.landing = { remote: landing.remote, module: landing.module, manifestUrl: landing.manifestUrl, integrity: landingHashes, files: wellFormed };
  }
  return config;
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

/** The config; with a stored session's token, the registry answers that administrator's composition. */
export async function fetchRuntimeConfig(url: string, token?: string): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // no-cache: an anonymous answer may be kept 5 s by a CDN, never past a revalidation here.
    response = await fetch(url, { cache: 'no-cache', ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
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
