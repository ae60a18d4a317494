// The runtime config fetched at boot: where the API is, the signing key and each remote's
// manifest. Nothing of it is baked into the build, so remotes deploy and roll back on their own.

import { REMOTE_NAMES, type RemoteName } from '@growth-admin/remotes';

export { REMOTE_NAMES, type RemoteName };

export interface RuntimeConfig {
  apiBaseUrl: string;
  signingKey: string;
  directImageHosts: string[];
  /** Remote name → URL of its mf-manifest.json (or remoteEntry.js). */
  remotes: Record<RemoteName, string>;
}

/** Throws a readable error naming the first missing or malformed field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!value || typeof value !== 'object') throw new Error('the runtime config is not a JSON object');
  const v = value as Record<string, unknown>;
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
  return { apiBaseUrl: text('apiBaseUrl'), signingKey: text('signingKey'), directImageHosts: hosts, remotes };
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
    response = await fetch(url, { cache: 'no-store' });
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
