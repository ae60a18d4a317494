import type { FastifyRequest } from 'fastify';
import type { Actor } from '../db/audit';

/** The signed-in administrator and address behind a request, for the audit log. */
export function actorOf(req: FastifyRequest): Actor {
  return { adminId: req.admin?.adminId ?? null, username: req.admin?.username ?? '', ip: req.ip };
}
