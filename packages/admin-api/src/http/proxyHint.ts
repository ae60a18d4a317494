// Behind a proxy without TRUST_PROXY, every request comes from the proxy's address: the password
// throttle and the audit log then see one client for the whole office. Said once per start, on
// the first request that carries X-Forwarded-For, with how to set it.
import type { FastifyInstance } from 'fastify';

export function proxyHint(address: string): string {
  return (
    `[admin-api] requests arrive with X-Forwarded-For from ${address} but TRUST_PROXY is unset: every client behind that proxy ` +
    `shares its address for the sign-in limits and the audit log. If ${address} is your proxy, start with TRUST_PROXY=${address} ` +
    '(or a comma list of proxy addresses or CIDRs; true trusts any), see docs/security-sign-in.md'
  );
}

export function warnOnUntrustedProxy(app: FastifyInstance, trustProxy: boolean | string, log: (line: string) => void): void {
  if (trustProxy !== false) return;
  let said = false;
  app.addHook('onRequest', async (req) => {
    if (said || req.headers['x-forwarded-for'] === undefined) return;
    said = true;
    log(proxyHint(req.ip));
  });
}
