// Each route's contract entry says who may call it: public routes (health, the OpenAPI document,
// the image proxy, CSP reports) need nothing; signed ones (sign-in) the request signature (403 on any
// signature problem); admin ones also a live session token (401) and, where the entry names one,
// a role at least that high (403: a viewer cannot move money). CORS preflights never get here: the
// CORS plugin answers them first. A bearer credential of another kind than a session token (the
// release control plane's deploy tokens) is not this file's: each guard is given the schemes it
// accepts or refuses by prefix (BearerScheme), by whoever registers it (app.ts, the control plane).
import { roleAllows, type Access, type Role } from '@growth-admin/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { ServerConfig } from '../config';
import { signRequest, signatureMatches } from '../security';
import { findSession, claimNonce, type SessionAdmin, type SessionContext } from '../modules/auth/repository';
import { durationInWords } from './durations';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the route's contract entry. */
    access?: Access;
    /** The least role that may call the route (admin routes; none: every administrator). */
    role?: Role;
    operationId?: string;
    /** Whether the route works on the database (and so waits its turn: see admission.ts). */
    database?: boolean;
    /** The body's content types besides application/json (the contract entry's). */
    bodyContentTypes?: readonly string[];
  }
  interface FastifyRequest {
    admin?: SessionContext;
    token?: string;
  }
}

const NONCE_RE = /^[A-Za-z0-9_-]{21}$/;
const TOKEN_RE = /^Bearer ([A-Za-z0-9_-]{43})$/;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export async function checkSignature(req: FastifyRequest, db: Db, config: ServerConfig): Promise<void> {
  const timestamp = header(req, 'x-timestamp');
  const nonce = header(req, 'x-nonce');
  const signature = header(req, 'x-signature');
  const missing = [!timestamp && 'X-Timestamp', !nonce && 'X-Nonce', !signature && 'X-Signature'].filter(Boolean);
  if (missing.length) throw forbidden(`The request is not signed: missing ${missing.join(', ')} header${missing.length > 1 ? 's' : ''}`, 'SIGNATURE_MISSING');
  if (!/^\d{1,15}$/.test(timestamp!)) throw forbidden('X-Timestamp must be the current time in milliseconds', 'TIMESTAMP_INVALID');
  if (Math.abs(Date.now() - Number(timestamp)) > config.signatureWindowMs) {
    throw forbidden('X-Timestamp is more than 5 minutes away from the server clock', 'TIMESTAMP_EXPIRED');
  }
  if (!NONCE_RE.test(nonce!)) throw forbidden('X-Nonce must be a 21-character random id', 'NONCE_INVALID');
  if (!signatureMatches(signature!, signRequest(timestamp!, nonce!, config.signingKey))) {
    throw forbidden('X-Signature does not match the request', 'SIGNATURE_INVALID');
  }
  if (!(await claimNonce(db, nonce!))) throw forbidden('X-Nonce was already used: replayed request', 'NONCE_REPLAYED');
}

export async function checkToken(req: FastifyRequest, db: Db, config: ServerConfig): Promise<void> {
  const auth = header(req, 'authorization');
  if (!auth) throw unauthorized('Sign in first: the Authorization header with a Bearer token is missing', 'TOKEN_MISSING');
  const m = TOKEN_RE.exec(auth);
  if (!m) throw unauthorized('The Authorization header must be "Bearer <token>" with a session token', 'TOKEN_INVALID');
  const found = await findSession(db, m[1], config.sessionIdleMs);
  if (found.status === 'expired') {
    const why = found.why === 'idle' ? `no request for ${durationInWords(config.sessionIdleMs)}` : `it is ${durationInWords(config.sessionTtlMs)} old`;
    throw unauthorized(`Your session has expired (${why}): sign in again`, 'SESSION_EXPIRED');
  }
  if (found.status !== 'live') throw unauthorized('The session token is invalid, expired or signed out', 'TOKEN_INVALID');
  req.admin = found.session;
  req.token = m[1];
}

/** 403 ROLE_FORBIDDEN when the administrator's role is below what the route needs. */
export function checkRole(admin: SessionAdmin, needed: Role | undefined): void {
  if (!needed || roleAllows(admin.role, needed)) return;
  throw forbidden(`Your role (${admin.role}) cannot do this: it needs ${needed === 'owner' ? 'an owner' : 'an operator or an owner'}`, 'ROLE_FORBIDDEN');
}

/**
 * A bearer credential that is not a session token, known by its prefix (`Bearer <prefix>…`): on an
 * admin route the guard gives it to `check` instead of looking a session up. `check` throws an
 * ApiError to refuse it, or returns once it has let the request through.
 */
export interface BearerScheme {
  prefix: string;
  check(req: FastifyRequest, token: string): Promise<void>;
}

export function guardHook(db: Db, config: ServerConfig, schemes: readonly BearerScheme[] = []) {
  return async function guard(req: FastifyRequest): Promise<void> {
    // Unknown routes answer 404 without checks.
    if (!req.routeOptions.url) return;
    // serve.ts registers every route with its contract entry's access: the fallback (the strictest)
    // is unreachable.
    // Stryker disable next-line StringLiteral,LogicalOperator: unreachable fallback, see above
    const access = req.routeOptions.config.access ?? 'admin';
    if (access === 'public') return;
    // Thrown ApiErrors become the failure envelope in the error handler.
    await checkSignature(req, db, config);
    if (access === 'admin') {
      const auth = header(req, 'authorization');
      const scheme = auth === undefined ? undefined : schemes.find((s) => auth.startsWith(`Bearer ${s.prefix}`));
      if (scheme) return scheme.check(req, auth!.slice('Bearer '.length));
      await checkToken(req, db, config);
      checkRole(req.admin!, req.routeOptions.config.role);
    }
  };
}
