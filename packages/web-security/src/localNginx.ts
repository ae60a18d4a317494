// The rendered config (nginx.ts) served for real on this machine: Debian's nginx as a child process
// (no daemon) with its own prefix in a folder, and a certificate made for the run, issued by a
// throwaway CA that a browser is told to trust by its SPKI hash (Chromium's
// --ignore-certificate-errors-spki-list) or a Node client by its file (NODE_EXTRA_CA_CERTS, `ca`).
// The real-nginx test and the production-path perf run (e2e/perf/production-path.mjs) use it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const OPENSSL = process.env.OPENSSL_PATH || 'openssl';
export const NGINX_MISSING = `${NGINX} is missing: install Debian's nginx (apt-get install -y --no-install-recommends nginx)`;
/** The module of the rendered config's `brotli_static` (Debian enables it in /etc/nginx/modules-enabled; this prefix loads it itself). */
export const BROTLI_STATIC_MODULE = process.env.NGINX_BROTLI_STATIC_MODULE || '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const BROTLI_STATIC_MISSING = `${BROTLI_STATIC_MODULE} is missing: install Debian's libnginx-mod-http-brotli-static (apt-get install -y --no-install-recommends libnginx-mod-http-brotli-static)`;

/** `1.22.1`: what `nginx -v` says of itself (on stderr). */
export function nginxVersion(binary = NGINX): string {
  const run = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  const m = /nginx\/(\d+\.\d+\.\d+)/.exec(`${run.stderr ?? ''}${run.stdout ?? ''}`);
  if (!m) throw new Error(`${binary} -v did not say its version${run.error ? ` (${run.error.message})` : ''}`);
  return m[1];
}

export interface RunCertificate {
  /** The site's certificate followed by the CA's (what nginx sends). */
  certificate: string;
  certificateKey: string;
  /** The CA's certificate (for NODE_EXTRA_CA_CERTS or a client's `ca`). */
  caCertificate: string;
  /** Base64 SHA-256 of the CA's SubjectPublicKeyInfo (for --ignore-certificate-errors-spki-list). */
  caSpkiSha256: string;
}

/** A CA and a certificate for `hosts` (names or IP addresses) issued by it, valid two days, written under `dir`. */
export function makeRunCertificate(dir: string, hosts: string[]): RunCertificate {
  mkdirSync(dir, { recursive: true });
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync(OPENSSL, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Growth Admin run CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(['req', ...ec, '-keyout', file('site.key'), '-out', file('site.csr'), '-subj', `/CN=${hosts[0]}`]);
  const names = hosts.map((h) => (/^[\d.]+$|:/.test(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
  writeFileSync(file('site.ext'), `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${names}\n`);
  openssl(['x509', '-req', '-in', file('site.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('site.ext'), '-out', file('site.crt')]);
  writeFileSync(file('chain.crt'), readFileSync(file('site.crt'), 'utf8') + readFileSync(file('ca.crt'), 'utf8'));
  const spki = new X509Certificate(readFileSync(file('ca.crt'))).publicKey.export({ type: 'spki', format: 'der' });
  return { certificate: file('chain.crt'), certificateKey: file('site.key'), caCertificate: file('ca.crt'), caSpkiSha256: createHash('sha256').update(spki).digest('base64') };
}

export interface RunningNginx {
  /** The main config nginx was started with (it includes the rendered one). */
  configFile: string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * Starts nginx on `siteConfig` (a rendered config, for nginx's http block) with `dir` as its prefix,
 * and resolves once every port of `ports` takes connections. One worker; logs in `dir`.
 */
export async function startNginx({ dir, siteConfig, ports, timeoutMs = 15_000 }: { dir: string; siteConfig: string; ports: number[]; timeoutMs?: number }): Promise<RunningNginx> {
  if (!existsSync(BROTLI_STATIC_MODULE)) throw new Error(BROTLI_STATIC_MISSING);
  mkdirSync(join(dir, 'temp'), { recursive: true });
  // Run as root, nginx's worker is `nobody`: it must get into the prefix.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'growth-admin.conf'), siteConfig);
  const configFile = join(dir, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    configFile,
    `daemon off;
load_module ${BROTLI_STATIC_MODULE};
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${join(dir, 'growth-admin.conf')};
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', configFile, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // nginx's fast shutdown
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${child.exitCode}):\n${stderr}${errorLog()}`);
    if ((await Promise.all(ports.map(portOpen))).every(Boolean)) return { configFile, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${ports.join(', ')} within ${timeoutMs / 1000} s:\n${stderr}${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
