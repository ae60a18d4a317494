// The CLI's deploy-token commands (src/cli.ts): add-deploy-token and revoke-deploy-token.
import type { Db } from '../db';
import { CLI_ACTOR, createDeployToken, DEFAULT_TOKEN_DAYS, revokeDeployToken } from './releases/deployTokens';
import { liveRemote } from './remotes/repository';

export { DEFAULT_TOKEN_DAYS };

/** A new deploy token (shown once), for `remote` (null: every remote); throws a sentence for an unknown or decommissioned remote, or a name taken. */
export async function addDeployToken(db: Db, name: string, { remote, days }: { remote: string | null; days: number }): Promise<string> {
  if (remote) await liveRemote(db, remote).catch((err: Error) => Promise.reject(new Error(err.message)));
  return createDeployToken(db, name, { remote, days });
}

/** Revokes the live token `name`, audited as the CLI's; false when no live token has that name. */
export async function revokeDeployTokenNamed(db: Db, name: string): Promise<boolean> {
  return typeof (await revokeDeployToken(db, CLI_ACTOR, name)) === 'object';
}
