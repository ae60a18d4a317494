import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderNginxConfig, type StaticHostPlan } from './nginx';

const deploy = join(__dirname, '..', 'deploy');
const plan = JSON.parse(readFileSync(join(deploy, 'example-plan.json'), 'utf8')) as StaticHostPlan;
const config = renderNginxConfig(plan);
/** The example without the optional parts: no certificate files, no API behind nginx, no store. */
const bare = renderNginxConfig({ api: plan.api, directImageHosts: [], shell: plan.shell, remotes: plan.remotes });
const shellOf = (text: string) => text.split('# remote ')[0];

describe('the production nginx config', () => {
  it('is the committed example, rendered from the same header sets as npm start (regenerate with `pnpm static-host-config deploy/example-plan.json`)', () => {
    expect(readFileSync(join(deploy, 'example-nginx.conf'), 'utf8')).toBe(config);
  });

  it("gives the shell's page a fresh nonce per response and lets it load scripts from the remotes and the release store only", () => {
    const shell = shellOf(config);
    expect(shell).toContain(`sub_filter "__CSP_NONCE__" "$request_id";`);
    expect(shell).toMatch(
      /script-src 'self' 'nonce-\$request_id' https:\/\/analytics\.admin\.example\.com https:\/\/projects\.admin\.example\.com https:\/\/people\.admin\.example\.com https:\/\/orders\.admin\.example\.com https:\/\/settings\.admin\.example\.com https:\/\/releases\.admin\.example\.com;/,
    );
    expect(shell).toMatch(/connect-src 'self' https:\/\/api\.admin\.example\.com [^;]*https:\/\/releases\.admin\.example\.com;/);
    expect(shell).toContain("style-src 'self' 'nonce-$request_id'");
    expect(shell).toContain('try_files $uri /index.html;');
    expect(shellOf(bare)).not.toContain('releases.admin.example.com');
  });

  it("points the shell's page at the release registry's runtime config, as npm start does", () => {
    expect(shellOf(config)).toContain(
      'sub_filter "name=\\"growth-admin:runtime-config\\" content=\\"\\"" "name=\\"growth-admin:runtime-config\\" content=\\"https://api.admin.example.com/api/runtime-config\\"";',
    );
    // The text it replaces is the shell's page as written, and as built (minified: `content=""/>`).
    expect(readFileSync(join(__dirname, '../../shell/public/index.html'), 'utf8')).toContain('<meta name="growth-admin:runtime-config" content="" />');
    expect(config.split('# remote ').slice(1).join('')).not.toContain('growth-admin:runtime-config');
  });

  it('serves the build\'s stored .br and .gz files (precompress.mjs) and compresses the rest per response', () => {
    const servers = config.split(/\n(?=server \{)/).filter((s) => s.startsWith('server {'));
    expect(servers).toHaveLength(7); // shell, five remotes, API
    for (const server of servers.slice(0, 6)) expect(server).toMatch(/brotli_static on;\n {2}gzip_static on;\n {2}gzip on;\n {2}gzip_vary on;/);
    expect(servers[6]).not.toContain('brotli_static'); // the API compresses its own answers
  });

  it("serves a remote's files cross-origin and its standalone page with scripts from itself only", () => {
    const orders = config.split('# remote orders')[1];
    expect(orders).toContain('add_header Access-Control-Allow-Origin "*" always;');
    expect(orders).toContain('add_header Cross-Origin-Resource-Policy "cross-origin" always;');
    expect(orders).toMatch(/script-src 'self' 'nonce-\$request_id'; style-src/);
  });

  it('sends HSTS on https origins and every header on error answers too (always)', () => {
    expect(config).toContain('Strict-Transport-Security "max-age=31536000; includeSubDomains" always;');
    expect(config.match(/add_header [^\n]*;/g)!.every((line) => line.endsWith(' always;'))).toBe(true);
  });

  it('names the certificate files when the plan gives them, else says where they go', () => {
    expect(config.match(/ssl_certificate \/etc\/ssl\/growth-admin\/fullchain\.pem;\n {2}ssl_certificate_key \/etc\/ssl\/growth-admin\/privkey\.pem;\n {2}ssl_protocols TLSv1\.2 TLSv1\.3;/g)).toHaveLength(7);
    expect(config).not.toContain('# ssl_certificate');
    expect(bare).toContain('# ssl_certificate / ssl_certificate_key: your certificate for admin.example.com');
    expect(bare).not.toMatch(/^\s*ssl_certificate /m);
  });

  it('speaks HTTP/2 the way the nginx it is for understands: `http2 on` from 1.25.1, a listen parameter before', () => {
    expect(config.match(/listen 443 ssl;\n {2}http2 on;/g)).toHaveLength(7);
    const old = renderNginxConfig({ ...plan, nginxVersion: '1.22.1' });
    expect(old.match(/listen 443 ssl http2;/g)).toHaveLength(7);
    expect(old).not.toContain('http2 on;');
    expect(renderNginxConfig({ ...plan, nginxVersion: '1.25.1' })).toContain('http2 on;');
    expect(renderNginxConfig({ ...plan, nginxVersion: '1.24.0' })).not.toContain('http2 on;');
  });

  it("ends TLS for the API's origin and passes every request to its instances with the client's address", () => {
    const api = config.split('# admin API\n')[1];
    expect(api).toMatch(/^upstream growth_admin_api \{\n {2}server 10\.0\.1\.11:4000;\n {2}server 10\.0\.1\.12:4000;\n {2}keepalive 16;\n\}/);
    expect(api).toContain('server_name api.admin.example.com;');
    expect(api).toContain('proxy_pass http://growth_admin_api;');
    expect(api).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(api).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    // The API sends its own security headers; nginx adds only what the transport needs.
    expect(api).not.toContain('Content-Security-Policy');
    expect(api).toContain('add_header Strict-Transport-Security');
    expect(bare).not.toContain('growth_admin_api');
  });
});
