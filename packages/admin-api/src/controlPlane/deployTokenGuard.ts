// Deploy tokens at the door: a request with `Bearer deploy_…` instead of a session is the control
// plane's to judge. On its own routes (its guard's scheme) a token is accepted where the route's
// contract entry says `deployToken`, refused (403) on the others; on the back-office's routes it is
// refused (403) before anything is looked up (refuseDeployTokens, given to the back-office's guard by
// app.ts). Every call made with one is audited, a read or a refusal too (auditDeployTokenUses).
import * as releases from '@growth-admin/api-contract/releases';
import * as remotes from '@growth-admin/api-contract/remotes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../db/audit';
import type { Queryable } from '../db';
import { actorOf as sessionActorOf } from '../http/actor';
import { forbidden, unauthorized } from '../http/errors';
import type { BearerScheme } from '../http/guard';
import { auditDeployTokenUse, DEPLOY_TOKEN_PREFIX, DEPLOY_TOKEN_RE, findDeployToken, type Deployer } from './releases/deployTokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The deploy token a control-plane route was called with (instead of a session); the plugin's request decorator. */
    deployer?: Deployer | null;
  }
}

/** The control plane's routes a deploy token may call: those its contract entries mark `deployToken`. */
export const DEPLOY_TOKEN_ROUTES: ReadonlySet<string> = new Set(
  [...Object.values(releases), ...Object.values(remotes)].flatMap((entry) =>
    typeof entry === 'object' && entry !== null && 'operationId' in entry && 'deployToken' in entry && entry.deployToken === true ? [entry.operationId as string] : [],
  ),
);

const refused = () => forbidden('A deploy token may call the release routes only', 'DEPLOY_TOKEN_FORBIDDEN');

/** For the back-office's guard: a deploy token is refused there (403), and not looked up. */
export const refuseDeployTokens: BearerScheme = {
  prefix: DEPLOY_TOKEN_PREFIX,
  async check() {
    throw refused();
  },
};

/** The control plane's guard's scheme: a live deploy token on a route that takes one, its owner and scope in `req.deployer`. */
export function deployTokenScheme(q: Queryable): BearerScheme {
  return {
    prefix: DEPLOY_TOKEN_PREFIX,
    async check(req, token) {
      if (!DEPLOY_TOKEN_ROUTES.has(req.routeOptions.config.operationId ?? '')) throw refused();
      const deployer = DEPLOY_TOKEN_RE.test(token) ? await findDeployToken(q, token) : null;
      if (!deployer) throw unauthorized('The deploy token is invalid, expired or revoked', 'TOKEN_INVALID');
      req.deployer = deployer;
    },
  };
}

/** 403 DEPLOY_TOKEN_SCOPE when the request's deploy token is scoped to another remote than `remote` (before anything is read or changed). */
export function checkDeployScope(req: FastifyRequest, remote: string): void {
  const scope = req.deployer?.remote;
  if (scope && scope !== remote) {
    throw forbidden(`The deploy token "${req.deployer!.name}" is scoped to the remote ${scope}: it cannot act on ${remote}`, 'DEPLOY_TOKEN_SCOPE');
  }
}

/** Who is behind a control-plane request, for the audit log: `deploy:<name>` for a deploy token, else the administrator. */
export function actorOf(req: FastifyRequest): Actor {
  if (req.deployer) return { adminId: null, username: `deploy:${req.deployer.name}`, ip: req.ip };
  return sessionActorOf(req);
}

/** The onSend hook that audits every call made with a deploy token before its answer leaves. */
export function auditDeployTokenUses(q: Queryable) {
  return async function auditDeployTokenUses(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (!req.deployer) return payload;
    const remote = (req.params as { remote?: string } | undefined)?.remote ?? (req.body as { remote?: unknown } | undefined)?.remote;
    const use = { deployer: req.deployer, ip: req.ip, method: req.method, url: req.url, remote: typeof remote === 'string' ? remote : '', status: reply.statusCode, payload };
    await auditDeployTokenUse(q, use).catch((err: unknown) => console.error('[admin-api] the audit of a deploy token use failed:', err));
    return payload;
  };
}
