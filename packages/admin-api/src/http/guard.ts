// Each route's contract entry says who may call it: public routes (health, the OpenAPI document,
// the image proxy, CSP reports) need nothing; signed ones (sign-in) the request signature (403 on any
// signature problem); admin ones also a live session token (401). OPTIONS preflights pass.
import type { Access } from '@growth-admin/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { ServerConfig } from '../config';
import { signRequest, signatureMatches } from '../security';
import { findSession, claimNonce, type SessionAdmin } from '../modules/auth/repository';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the route's contract entry. */
    access?: Access;
    operationId?: string;
    /** Whether the route works on the database (and so waits its turn: see admission.ts). */
    database?: boolean;
  }
  interface FastifyRequest {
    admin?: SessionAdmin;
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

export async function checkToken(req: FastifyRequest, db: Db): Promise<void> {
  const auth = header(req, 'authorization');
  if (!auth) throw unauthorized('Sign in first: the Authorization header with a Bearer token is missing', 'TOKEN_MISSING');
  const m = TOKEN_RE.exec(auth);
  if (!m) throw unauthorized('The Authorization header must be "Bearer <token>" with a session token', 'TOKEN_INVALID');
  const admin = await findSession(db, m[1]);
  if (!admin) throw unauthorized('The session token is invalid, expired or signed out', 'TOKEN_INVALID');
  req.admin = admin;
  req.token = m[1];
}

export function guardHook(db: Db, config: ServerConfig) {
  return async function guard(req: FastifyRequest): Promise<void> {
    if (req.method === 'OPTIONS') return;
    // Unknown routes have no config: they answer 404 without checks.
    const access = req.routeOptions.config?.access ?? (req.routeOptions.url ? 'admin' : 'public');
    if (access === 'public') return;
    // Thrown ApiErrors become the failure envelope in the error handler.
    await checkSignature(req, db, config);
    if (access === 'admin') await checkToken(req, db);
  };
}
