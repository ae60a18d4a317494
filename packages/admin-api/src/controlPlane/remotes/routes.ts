// The registry's remotes and the deploy tokens, for owners (the Settings screens and any script).
import * as remotes from '@growth-admin/api-contract/remotes';
import type { FastifyInstance } from 'fastify';
import type { ControlPlaneDeps } from '../deps';
import { actorOf } from '../deployTokenGuard';
import { conflict, notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import { DEFAULT_TOKEN_DAYS, insertDeployToken, listDeployTokens, revokeDeployToken } from '../releases/deployTokens';
import { createRemote, decommissionRemote, listRemotes, liveRemote, lockRemote } from './repository';

export function remoteRoutes(app: FastifyInstance, { db }: ControlPlaneDeps): void {
  serve(app, remotes.listRemotes, async () => ({ data: await listRemotes(db) }));
  serve(app, remotes.createRemote, async (req) => ({ data: await createRemote(db, actorOf(req), req.body) }));
  serve(app, remotes.decommissionRemote, async (req) => ({ data: await decommissionRemote(db, actorOf(req), req.params.remote) }));

  serve(app, remotes.listDeployTokens, async () => ({ data: await listDeployTokens(db) }));
  serve(app, remotes.createDeployToken, async (req) => {
    const { name, remote, expiresInDays } = req.body;
    const made = await db.transaction(async (tx) => {
      await lockRemote(tx, remote); // not decommissioned between the check and the insert
      await liveRemote(tx, remote);
      return insertDeployToken(tx, actorOf(req), { name, remote, expiresInDays: expiresInDays ?? DEFAULT_TOKEN_DAYS });
    });
    if (!made) throw conflict(`A deploy token named "${name}" exists (revoked ones too): a name is not reused, choose another`, 'TOKEN_EXISTS');
    return { data: made };
  });
  serve(app, remotes.revokeDeployToken, async (req) => {
    const result = await db.transaction((tx) => revokeDeployToken(tx, actorOf(req), req.params.name));
    if (result === 'unknown') throw notFound(`No deploy token is named "${req.params.name}"`, 'TOKEN_NOT_FOUND');
    if (result === 'revoked') throw conflict(`The deploy token "${req.params.name}" was revoked before`, 'ALREADY_REVOKED');
    return { data: result };
  });
}
