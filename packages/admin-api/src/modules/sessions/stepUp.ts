// Step-up re-authentication (ASVS 4.0.3 3.7.1): a refund, and an add-coins above the step-up
// amount, need the password entered in this session within the step-up window (sign-in counts).
// The check runs inside the change's transaction after the Idempotency-Key lookup, so a retry of a
// call that went through answers its first result, and a refused call changes nothing.
import type { ServerConfig } from '../../config';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import { checkCredentials } from '../auth/repository';
import { checkPassword } from '../auth/passwordCheck';
import { audit, type Actor } from '../../db/audit';

export const STEP_UP_MESSAGE = 'Enter your password again to continue: this action needs it within the last 5 minutes';

/** Throws 403 STEP_UP_REQUIRED unless the password was entered less than `windowMs` ago. */
export function requireRecentPassword(reauthAgeSeconds: number, windowMs: number): void {
  if (reauthAgeSeconds * 1000 > windowMs) throw new ApiError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE);
}

/** Whether an add-coins of `amount` needs a recent password. */
export const addCoinsNeedsStepUp = (amount: number, stepUpAmount: number): boolean => amount > stepUpAmount;

/**
 * Checks my password (throttled per session and audited: passwordCheck.ts) and records the time on
 * this session. A wrong one is 403 WRONG_PASSWORD (not 401: the session itself is fine) and
 * withdraws the session's current allowance.
 */
export async function reauthenticate(
  db: Db,
  config: ServerConfig,
  actor: Actor & { adminId: number },
  sessionId: string,
  password: string,
): Promise<{ reauthenticated: boolean; validForSeconds: number }> {
  const ok = await checkPassword(db, config, {
    purpose: 'step-up',
    actor,
    username: actor.username,
    sessionId,
    verify: async () => {
      const admin = await checkCredentials(db, actor.username, password, config.passwordHashCost);
      return admin && admin.adminId === actor.adminId ? admin : null;
    },
    // Whoever is at the keyboard does not know the password: the session's allowance from an
    // earlier entry (sign-in included) is withdrawn too.
    onWrong: (tx) => tx.query('update admin_sessions set reauth_at = to_timestamp(0) where id = $1', [sessionId]).then(() => undefined),
  });
  if (!ok) throw new ApiError(403, 'WRONG_PASSWORD', 'The password is wrong');
  await db.transaction(async (tx) => {
    await tx.query('update admin_sessions set reauth_at = now() where id = $1', [sessionId]);
    await audit(tx, actor, 'account.reauth', `admin:${actor.username}`, 'Entered the password again (step-up)');
  });
  return { reauthenticated: true, validForSeconds: Math.round(config.stepUpWindowMs / 1000) };
}
