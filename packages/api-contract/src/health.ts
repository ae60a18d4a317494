// What a load balancer and an integrator need without signing in.
import { Type } from '@sinclair/typebox';
import { route } from './route';

export const health = route({
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  tag: 'health',
  summary: 'Is the server alive',
  description: 'Answers 200 while the server works and its database answers.',
  access: 'public',
  data: Type.Object({ status: Type.Literal('ok'), engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) }),
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
