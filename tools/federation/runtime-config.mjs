// The plain runtime config of local development, made from this repository's remotes (each
// packages/<pkg>/remote.json) and the local ports:
//   { apiBaseUrl, signingKey, directImageHosts, remotes: { <name>: '<url>/mf-manifest.json' }, composition }
// Each build writes it into its dist/runtime-config.json, and each dev server (`--dev`) and each of
// `npm start`'s static servers answers it at /runtime-config.json: a remote's standalone harness
// reads it there, and so does a shell page that names no other config (its dev server, its dist/
// served as plain files).
//
// It is a development path only, without integrity: it carries no release ids, no Subresource
// Integrity hashes and no allowed origins. A development shell booted from it runs whatever those
// URLs serve, with no hash checked and no origin rule, shows every section to every role, and says
// so in a loud console warning; a production shell refuses its remotes (the shell's
// sections/remoteLoader.ts). Nothing is released or rolled back here.
//
// Under `npm start` (scripts/system.mjs) it also gives the ports, the API's URL and signing key, and
// the local builds' manifest URLs that seed the release registry; the shell's page there boots from
// the registry instead (`GET /api/runtime-config`: each remote's chosen release with its hashes, the
// allowed origins, the administrator's composition). Releasing, promoting and rolling back a remote
// go through the registry (`npm run release`, `npm run rollback`, Settings → Remotes:
// docs/releases.md), never through this file.

import { localRemotes } from './local-remotes.mjs';

/** Remote name → { pkg, portEnv, urlEnv, port }: this repository's remotes (each packages/<pkg>/remote.json). */
export const REMOTES = localRemotes();

export const DEFAULT_SIGNING_KEY = 'growth-admin-dev-signing-key';
export const DEFAULT_SHELL_PORT = 3000;
export const DEFAULT_API_PORT = 4000;
/** The versioned release store `npm start` serves (the local CDN). */
export const DEFAULT_STORE_PORT = 3100;

function portFrom(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** The ports of every piece, from the environment (SHELL_PORT, ANALYTICS_PORT, ..., API_PORT, STORE_PORT). */
export function portsFromEnv(env = process.env) {
  const ports = {
    shell: portFrom(env, 'SHELL_PORT', DEFAULT_SHELL_PORT),
    api: portFrom(env, 'API_PORT', DEFAULT_API_PORT),
    store: portFrom(env, 'STORE_PORT', DEFAULT_STORE_PORT),
  };
  for (const [name, r] of Object.entries(REMOTES)) ports[name] = portFrom(env, r.portEnv, r.port);
  return ports;
}

/**
 * The runtime config for the given ports. Public URLs can be overridden (API_URL, ANALYTICS_URL, ...)
 * when the pieces are reached through other hosts than localhost.
 */
export function runtimeConfigFor({ ports, env = process.env, host = 'localhost' }) {
  const remotes = {};
  for (const [name, r] of Object.entries(REMOTES)) {
    const base = (env[r.urlEnv] || `http://${host}:${ports[name]}`).replace(/\/+$/, '');
    remotes[name] = `${base}/mf-manifest.json`;
  }
  return {
    apiBaseUrl: (env.API_URL || `http://${host}:${ports.api}`).replace(/\/+$/, ''),
    signingKey: env.ADMIN_SIGNING_KEY || DEFAULT_SIGNING_KEY,
    directImageHosts: (env.DIRECT_IMAGE_HOSTS || '').split(',').map((h) => h.trim()).filter(Boolean),
    remotes,
    composition: localComposition(),
  };
}

/**
 * A plain config's composition (no registry: development and static hosting): every local remote's
 * sections and slot contributions, for every role, in order.
 */
export function localComposition() {
  const byOrder = (a, b) => a.order - b.order || a.remote.localeCompare(b.remote);
  const sections = [];
  const slots = {};
  for (const [remote, { def }] of Object.entries(REMOTES)) {
    for (const s of def.sections ?? []) sections.push({ path: s.path, label: s.label, icon: s.icon, remote, module: s.module, order: s.order, ...(s.prefetch ? { prefetch: s.prefetch } : {}), ...(s.itemLabel ? { itemLabel: s.itemLabel } : {}) });
    for (const c of def.contributions ?? []) (slots[c.slot] ??= []).push({ remote, module: c.module, order: c.order, ...(c.label ? { label: c.label } : {}) });
  }
  for (const list of Object.values(slots)) list.sort(byOrder);
  return { sections: sections.sort(byOrder), slots, removedSections: [] };
}
