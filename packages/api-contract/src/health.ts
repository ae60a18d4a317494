// What a load balancer and an integrator need without signing in.
import { Type } from '@sinclair/typebox';
import { route } from './route';

const Engine = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]);
const DATA_DIR_LOST = { status: 503, code: 'DATA_DIR_LOST', when: 'the embedded database’s folder disappeared or was replaced while serving: nothing more is stored until a restart' } as const;

export const health = route({
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  tag: 'health',
  summary: 'Is the server alive',
  description:
    'Liveness: 200 while the process serves (it does not wait on the database, so a slow or absent database server does not get it restarted); 503 when it cannot go on without a restart (its embedded data folder was lost).',
  access: 'public',
  data: Type.Object({ status: Type.Literal('ok'), engine: Engine }),
  errors: [DATA_DIR_LOST],
});

export const ready = route({
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  tag: 'health',
  summary: 'Can the server take requests',
  description: 'Readiness: 200 when the database answers within 2 s and has every migration this server needs; 503 otherwise. A load balancer sends traffic only while it is 200.',
  access: 'public',
  data: Type.Object({ status: Type.Literal('ready'), engine: Engine, migration: Type.Integer({ description: 'The latest migration applied' }) }),
  errors: [DATA_DIR_LOST, { status: 503, code: 'NOT_READY', when: 'the database does not answer within 2 s, or lacks a migration' }],
});

export const openApi = route({
  method: 'GET',
  path: '/api/docs/json',
  operationId: 'getOpenApiDocument',
  tag: 'health',
  summary: 'This API described',
  description: 'The OpenAPI 3.1 document of every route, generated from the contract (also at /api/docs).',
  access: 'public',
  data: null,
  raw: { status: 200, contentType: 'application/json', description: 'The OpenAPI document' },
});
