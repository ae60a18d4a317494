// The production static-host config, rendered from the same header sets `npm start` sends
// (headers.ts): one nginx `server` per origin. nginx makes the per-response CSP nonce itself
// ($request_id, 128 random bits as hex) and puts it into the page with sub_filter. It admits no
// development override (devOverrides.ts): nginx cannot check a ticket's signature, and admitting an
// origin in every response would give it to every session, so behind this config the shell's page
// says it admits none and the shell loads no override (docs/security.md).
import { getRuntimeConfig } from '@growth-admin/api-contract/releases';
import { NONCE_PLACEHOLDER, assetHeaders, originOf, pageHeaders, type PageOrigins } from './headers';

export interface StaticSite {
  /** The public origin, e.g. `https://admin.example.com`. */
  origin: string;
  /** The folder nginx serves (a copy of the package's dist/). */
  root: string;
}

export interface StaticHostPlan {
  api: string;
  directImageHosts: string[];
  shell: StaticSite;
  remotes: Record<string, StaticSite>;
  /**
   * The release store's public URL (RELEASE_STORE_URL), when remotes are released into it: the
   * shell's page loads their files from there too (its CSP names it).
   */
  releaseStore?: string;
  /** The certificate (chain) and key files of the https origins; absent: a comment says where they go. */
  tls?: { certificate: string; certificateKey: string };
  /**
   * The admin API's instances (`host:port`, plain HTTP). Given: nginx also serves the API's origin,
   * ending TLS and passing every request to them (run the API with TRUST_PROXY naming nginx's address).
   * Absent: the API's origin is served by something else.
   */
  apiUpstreams?: string[];
  /** The nginx version the config is for (e.g. `1.22.1`); absent: a current one (1.25.1 or newer). */
  nginxVersion?: string;
}

const NGINX_NONCE = '$request_id';

/** Files named by content hash never change; the entry points and config must be revalidated. */
const HASHED_FILES = '~* "\\.[0-9a-f]{8,}\\.[a-z0-9]+$"';

/**
 * The shell's page names where its runtime config is (packages/shell/public/index.html, empty in
 * the build): production boots from the release registry's route, as `npm start` does.
 */
const RUNTIME_CONFIG_META = 'name="growth-admin:runtime-config" content=""';

function addHeaders(headers: Record<string, string>, indent: string): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} ${JSON.stringify(value)} always;`)
    .join('\n');
}

/** nginx before 1.25.1 knows HTTP/2 only as a `listen` parameter; later ones deprecate that for `http2 on`. */
function http2AsListenParameter(version: string | undefined): boolean {
  if (!version) return false;
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major * 1e6 + minor * 1e3 + patch < 1_025_001;
}

function listen(origin: string, plan: StaticHostPlan): string {
  const url = new URL(origin);
  const tls = url.protocol === 'https:';
  const port = url.port || (tls ? '443' : '80');
  if (!tls) return `  listen ${port};`;
  const certificate = plan.tls
    ? `  ssl_certificate ${plan.tls.certificate};\n  ssl_certificate_key ${plan.tls.certificateKey};\n  ssl_protocols TLSv1.2 TLSv1.3;`
    : `  # ssl_certificate / ssl_certificate_key: your certificate for ${url.hostname}`;
  const http2 = http2AsListenParameter(plan.nginxVersion) ? `  listen ${port} ssl http2;` : `  listen ${port} ssl;\n  http2 on;`;
  return `${http2}\n${certificate}`;
}

/** HSTS only where the origin is https (a browser ignores it over http anyway). */
function transportHeaders(origin: string): Record<string, string> {
  return new URL(origin).protocol === 'https:' ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {};
}

function serverBlock(site: StaticSite, page: PageOrigins, plan: StaticHostPlan, { spa, crossOrigin }: { spa: boolean; crossOrigin: boolean }): string {
  const url = new URL(originOf(site.origin));
  const assets = { ...assetHeaders({ crossOrigin }), ...transportHeaders(site.origin), ...(crossOrigin ? { 'Access-Control-Allow-Origin': '*' } : {}) };
  const html = { ...pageHeaders('NONCE0000000000000000', page), ...transportHeaders(site.origin) };
  const csp = html['Content-Security-Policy'].replaceAll("'nonce-NONCE0000000000000000'", `'nonce-${NGINX_NONCE}'`);
  const pageSet = { ...html, 'Content-Security-Policy': csp };
  const runtimeConfig = spa
    ? `\n    sub_filter ${JSON.stringify(RUNTIME_CONFIG_META)} ${JSON.stringify(`name="growth-admin:runtime-config" content="${originOf(plan.api)}${getRuntimeConfig.path}"`)};`
    : '';
  return `server {
${listen(site.origin, plan)}
  server_name ${url.hostname};
  root ${site.root};
  charset utf-8;
  # The build's stored .br (to a browser that takes br: over HTTPS) or .gz (tools/federation/precompress.mjs)
  # where there is one, else gzip per response. brotli_static needs Debian's libnginx-mod-http-brotli-static.
  brotli_static on;
  gzip_static on;
  gzip on;
  gzip_vary on;
  gzip_types application/javascript application/json text/css;

  # Content-hashed files: cached for a year.
  location ${HASHED_FILES} {
${addHeaders({ ...assets, 'Cache-Control': 'public, max-age=31536000, immutable' }, '    ')}
  }

  # Entry points, manifests and the runtime config: revalidated on every load (deploys and rollbacks).
  location / {
${addHeaders({ ...assets, 'Cache-Control': 'no-cache' }, '    ')}
    try_files $uri ${spa ? '/index.html' : '$uri/ =404'};
  }

  # The page: a fresh nonce per response, in the CSP header and in the page's nonce attributes.
  location = /index.html {
${addHeaders(pageSet, '    ')}
    sub_filter_once off;
    sub_filter ${JSON.stringify(NONCE_PLACEHOLDER)} ${JSON.stringify(NGINX_NONCE)};${runtimeConfig}
  }
}
`;
}

/** The API's origin: TLS ended here, every request passed to the instances, which send their own headers. */
function apiBlock(plan: StaticHostPlan, upstreams: string[]): string {
  const url = new URL(originOf(plan.api));
  return `upstream growth_admin_api {
${upstreams.map((u) => `  server ${u};`).join('\n')}
  keepalive 16;
}

server {
${listen(plan.api, plan)}
  server_name ${url.hostname};
  # The API refuses bodies over 256 kB itself (app.ts bodyLimit).
  client_max_body_size 1m;
${addHeaders(transportHeaders(plan.api), '  ')}

  location / {
    proxy_pass http://growth_admin_api;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    # The client's address for the sign-in throttle and the audit log (the API's TRUST_PROXY names nginx).
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
  }
}
`;
}

/** The nginx config of the shell and every remote, each on its own origin (and the API's, with `apiUpstreams`). */
export function renderNginxConfig(plan: StaticHostPlan): string {
  const remoteOrigins = Object.values(plan.remotes).map((r) => originOf(r.origin));
  const store = plan.releaseStore ? [originOf(plan.releaseStore)] : [];
  const api = plan.apiUpstreams?.length ? plan.apiUpstreams : null;
  const header = `# Growth Admin static origins, generated by @growth-admin/web-security (do not edit: regenerate).
# ${api ? 'The admin API sends its own headers (the same source); nginx ends TLS in front of it.' : 'The admin API sends its own headers (the same source).'} Include this file from nginx's http block.
`;
  const shell = serverBlock(plan.shell, { api: plan.api, scripts: [...remoteOrigins, ...store], directImageHosts: plan.directImageHosts }, plan, { spa: true, crossOrigin: false });
  const remotes = Object.entries(plan.remotes).map(
    ([name, site]) => `# remote ${name}\n${serverBlock(site, { api: plan.api, scripts: [], directImageHosts: plan.directImageHosts }, plan, { spa: false, crossOrigin: true })}`,
  );
  return [header, `# shell\n${shell}`, ...remotes, ...(api ? [`# admin API\n${apiBlock(plan, api)}`] : [])].join('\n');
}
