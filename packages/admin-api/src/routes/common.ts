import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import type { Actor } from '../services/audit';

export interface RouteDeps {
  config: ServerConfig;
  db: Db;
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

export function actorOf(req: FastifyRequest): Actor {
  return { adminId: req.admin?.adminId ?? null, username: req.admin?.username ?? '', ip: req.ip };
}

export const ERRORS = {
  400: { $ref: 'ErrorBody#' },
  401: { $ref: 'ErrorBody#' },
  403: { $ref: 'ErrorBody#' },
  404: { $ref: 'ErrorBody#' },
} as const;

export const SECURED = { security: [{ bearer: [] }] };
