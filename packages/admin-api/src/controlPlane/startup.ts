// What the control plane does once at a server's start, after the migrations and before it
// serves: the deploy token `npm start` made for this run's release commands, and the registry's
// first releases from the remotes `npm start` built (config.releaseSeedFile).
import { readFileSync } from 'node:fs';
import { RemoteMeta as RemoteMetaSchema } from '@growth-admin/api-contract/remote-meta';
import { Value } from '@sinclair/typebox/value';
import type { Db } from '../db';
import type { ControlPlaneConfig } from './deps';
import { registerLocalDeployToken } from './releases/deployTokens';
import { seedFromBuilds, type SeedRelease } from './releases/repository';

/** The seed file's builds, each with a valid remote-meta.json (a build that lacks one is named: rebuild it). */
function seedBuilds(list: unknown, file: string): SeedRelease[] {
  if (!Array.isArray(list)) throw new Error(`${file}: a list of built remotes is expected`);
  for (const b of list as SeedRelease[]) {
    const problem = [...Value.Errors(RemoteMetaSchema, b.meta)][0];
    if (problem) throw new Error(`${file}: the build of ${b.remote} has no valid remote-meta.json (${problem.path || '/'}: ${problem.message}): rebuild it`);
  }
  return list as SeedRelease[];
}

export async function startControlPlane(db: Db, config: Pick<ControlPlaneConfig, 'localDeployToken' | 'releaseSeedFile' | 'log'>): Promise<void> {
  if (config.localDeployToken) await registerLocalDeployToken(db, config.localDeployToken);
  if (config.releaseSeedFile) {
    // The built remotes `npm start` offers: the registry's first releases (see the releases repository).
    const builds = seedBuilds(JSON.parse(readFileSync(config.releaseSeedFile, 'utf8')), config.releaseSeedFile);
    for (const done of await seedFromBuilds(db, builds)) config.log(`[admin-api] release registry: ${done} is active (the local build)`);
  }
}
