import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderNginxConfig, type StaticHostPlan } from './nginx';

const deploy = join(__dirname, '..', 'deploy');
const plan = JSON.parse(readFileSync(join(deploy, 'example-plan.json'), 'utf8')) as StaticHostPlan;
const config = renderNginxConfig(plan);

describe('the production nginx config', () => {
  it('is the committed example, rendered from the same header sets as npm start (regenerate with `pnpm static-host-config deploy/example-plan.json`)', () => {
    expect(readFileSync(join(deploy, 'example-nginx.conf'), 'utf8')).toBe(config);
  });

  it("gives the shell's page a fresh nonce per response and lets it load scripts from the remotes only", () => {
    const shell = config.split('# remote ')[0];
    expect(shell).toContain(`sub_filter "__CSP_NONCE__" "$request_id";`);
    expect(shell).toMatch(/script-src 'self' 'nonce-\$request_id' https:\/\/analytics\.admin\.example\.com https:\/\/projects\.admin\.example\.com https:\/\/people\.admin\.example\.com https:\/\/orders\.admin\.example\.com;/);
    expect(shell).toContain("style-src 'self' 'nonce-$request_id'");
    expect(shell).toContain('try_files $uri /index.html;');
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
});
