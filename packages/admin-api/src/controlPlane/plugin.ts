// The release control plane as one Fastify plugin: the release registry and its gate, the remotes
// and their deploy tokens, the composition and the runtime config, the real-user measurements and
// the canary judge. Registered by app.ts like any plugin, without fastify-plugin: its hooks and
// decorators live in its own encapsulated context and see its routes only, never a back-office
// request. What it needs of the API it runs in is its options (deps.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ControlPlaneDeps, ControlPlaneOptions } from './deps';
import { auditDeployTokenUses, deployTokenScheme } from './deployTokenGuard';
import { ControlPlaneMetrics } from './metrics';
import { releaseRoutes } from './releases/routes';
import { remoteRoutes } from './remotes/routes';

export const controlPlane: FastifyPluginAsync<ControlPlaneOptions> = async function controlPlane(plane, options) {
  const deps: ControlPlaneDeps = { db: options.db, config: options.config, metrics: ControlPlaneMetrics.of(options.metrics), findSession: options.findSession };

  // The deploy token a request was let in with (the guard's scheme sets it), else null.
  plane.decorateRequest('deployer', null);
  // Signature, then a session (with its role) or a deploy token: the API's guard with this plugin's scheme.
  plane.addHook('onRequest', options.guard([deployTokenScheme(deps.db)]));
  // Every call made with a deploy token is audited, a read or a refusal too, before its answer leaves.
  plane.addHook('onSend', auditDeployTokenUses(deps.db));

  releaseRoutes(plane, deps);
  remoteRoutes(plane, deps);
};
