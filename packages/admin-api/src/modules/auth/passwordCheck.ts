// Every password check of a known or claimed administrator goes through here: sign-in, step-up and
// the password change. One throttle (throttle.ts: reserve before the check, give back after a
// success) and one audit of failures, so no route lets a stolen session or a script guess freely.
import type { ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db';
import { audit, type Actor } from '../../db/audit';
import { giveBack, reserve, type Guesser, type ThrottlePolicy } from './throttle';

export type PasswordPurpose = 'sign-in' | 'step-up' | 'password-change';

/** The audit row of a wrong password, per purpose: action and summary. */
export const WRONG_PASSWORD_AUDIT: Record<PasswordPurpose, { action: string; summary: string }> = {
  'sign-in': { action: 'login.failed', summary: 'Failed sign-in attempt' },
  'step-up': { action: 'account.reauth.failed', summary: 'Wrong password at re-authentication' },
  'password-change': { action: 'account.password.failed', summary: 'Wrong current password at password change' },
};

export const throttlePolicy = (config: ServerConfig): ThrottlePolicy => ({
  perUserAndAddress: config.loginLimitPerUserAndAddress,
  perAddress: config.loginLimitPerAddress,
  windowMs: config.loginWindowMs,
});

export interface PasswordCheck<T> {
  purpose: PasswordPurpose;
  /** Who answers for the attempt in the audit log (at sign-in: no id, the username tried). */
  actor: Actor;
  /** The username whose password is checked. */
  username: string;
  /** Set for a check made with a session (step-up, password change): it is throttled per session. */
  sessionId?: string;
  /** Checks the password: the result when right, null when wrong. */
  verify: () => Promise<T | null>;
  /** Written with the failure's audit row, in its transaction. */
  onWrong?: (tx: Queryable) => Promise<void>;
}

/**
 * Runs `verify` under the throttle (429 before any check when a limit is reached) and audits a
 * wrong password. Answers the verified result, or null when the password is wrong.
 */
export async function checkPassword<T>(db: Db, config: ServerConfig, check: PasswordCheck<T>): Promise<T | null> {
  const guesser: Guesser = check.sessionId === undefined ? { username: check.username, ip: check.actor.ip } : { username: check.username, ip: check.actor.ip, sessionId: check.sessionId };
  const reservation = await reserve(db, throttlePolicy(config), guesser);
  let result: T | null;
  try {
    result = await check.verify();
  } catch (err) {
    await giveBack(db, reservation, false).catch(() => undefined);
    throw err;
  }
  if (result !== null) {
    await giveBack(db, reservation, true);
    return result;
  }
  const { action, summary } = WRONG_PASSWORD_AUDIT[check.purpose];
  await db.transaction(async (tx) => {
    await check.onWrong?.(tx);
    await audit(tx, check.actor, action, `admin:${check.username}`, summary);
  });
  return null;
}
