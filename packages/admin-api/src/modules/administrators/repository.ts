// Administrators as owners manage them, and each administrator's own password. Every change is
// audited in its own transaction; the last active owner can neither be disabled nor demoted.
import { PASSWORD_MIN_LENGTH, type Administrator, type Role } from '@growth-admin/api-contract';
import type { ServerConfig } from '../../config';
import type { Db, Queryable, Row } from '../../db';
import { iso } from '../../db/dates';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security';
import { audit, changesOf, type Actor } from '../../db/audit';
import { checkPassword } from '../auth/passwordCheck';

const COLUMNS = `id::text as id, username, role, created_at as "createdAt", disabled_at is not null as disabled`;
const toAdministrator = (r: Row) => ({ ...r, createdAt: iso(r.createdAt) }) as Administrator;

/** The password rule: long enough, and not the username inside it. */
export function checkPasswordStrength(password: string, username: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.toLowerCase().includes(username.toLowerCase())) {
    throw badRequest(`The password must have at least ${PASSWORD_MIN_LENGTH} characters and must not contain the username`, 'WEAK_PASSWORD');
  }
}

export async function listAdministrators(q: Queryable): Promise<Administrator[]> {
  return (await q.query(`select ${COLUMNS} from admins order by id`)).map(toAdministrator);
}

/** `cost`: scrypt's N for the stored hash (the server's PASSWORD_HASH_COST). */
export async function createAdministrator(
  db: Db,
  actor: Actor,
  input: { username: string; role: Role; password: string },
  cost: number,
): Promise<Administrator> {
  checkPasswordStrength(input.password, input.username);
  const hash = await hashPassword(input.password, cost);
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `insert into admins (username, password_hash, role) values ($1, $2, $3) on conflict (username) do nothing returning ${COLUMNS}`,
      [input.username, hash, input.role],
    );
    if (!rows[0]) throw new ApiError(409, 'DUPLICATE_USERNAME', `An administrator named ${input.username} already exists`);
    await audit(tx, actor, 'admin.create', `admin:${input.username}`, `Added ${input.username} as ${input.role}`, changesOf(null, { username: input.username, role: input.role }));
    return toAdministrator(rows[0]);
  });
}

/** Ends every session of an administrator (disabled, or a password reset). Answers how many. */
async function endSessions(q: Queryable, adminId: string, exceptTokenHash: string | null = null): Promise<number> {
  const rows = await q.query(
    'update admin_sessions set revoked_at = now() where admin_id = $1 and revoked_at is null and expires_at > now() and token_hash is distinct from $2 returning 1',
    [adminId, exceptTokenHash],
  );
  return rows.length;
}

export async function updateAdministrator(
  db: Db,
  actor: Actor,
  id: string,
  change: { role?: Role; disabled?: boolean; password?: string },
  cost: number,
): Promise<Administrator> {
  const hash = change.password === undefined ? null : await hashPassword(change.password, cost);
  return db.transaction(async (tx) => {
    // Owners are changed one at a time: the last-owner rule cannot be raced past.
    await tx.query("select id from admins where role = 'owner' order by id for update");
    const [before] = await tx.query(`select ${COLUMNS} from admins where id = $1 for update`, [id]);
    if (!before) throw notFound(`No administrator with id ${id}`, 'ADMIN_NOT_FOUND');
    if (change.password !== undefined) checkPasswordStrength(change.password, String(before.username));
    const role = change.role ?? (before.role as Role);
    const disabled = change.disabled ?? Boolean(before.disabled);
    if (before.role === 'owner' && !before.disabled && (role !== 'owner' || disabled)) {
      const [{ n }] = await tx.query<{ n: number }>("select count(*)::int as n from admins where role = 'owner' and disabled_at is null and id <> $1", [id]);
      if (n === 0) throw new ApiError(409, 'LAST_OWNER', 'This is the last active owner: make another administrator an owner first');
    }
    const [after] = await tx.query(
      `update admins set role = $2, disabled_at = case when $3::boolean then coalesce(disabled_at, now()) else null end,
              password_hash = coalesce($4, password_hash)
        where id = $1 returning ${COLUMNS}`,
      [id, role, disabled, hash],
    );
    const ended = disabled || hash !== null ? await endSessions(tx, id) : 0;
    const changes = [
      role !== before.role && `role ${before.role} → ${role}`,
      disabled !== before.disabled && (disabled ? 'disabled' : 'enabled'),
      hash !== null && 'password reset',
    ].filter(Boolean);
    await audit(
      tx,
      actor,
      'admin.update',
      `admin:${before.username}`,
      `${changes.join(', ') || 'no change'}${ended ? `; ${ended} session(s) ended` : ''}`,
      // (a password is never recorded: only that it was reset)
      changesOf({ role: before.role, disabled: Boolean(before.disabled) }, { role, disabled }),
    );
    return toAdministrator(after);
  });
}

/**
 * Changes my own password (the current one first, throttled per session and audited like every
 * password check: auth/passwordCheck.ts); every other session of mine ends.
 */
export async function changeOwnPassword(
  db: Db,
  config: ServerConfig,
  actor: Actor & { adminId: number },
  session: { id: string; tokenHash: string },
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<{ changed: boolean; otherSessionsEnded: number }> {
  // The new password's rule first: a weak new password is no guess at the current one.
  checkPasswordStrength(newPassword, actor.username);
  const right = await checkPassword(db, config, {
    purpose: 'password-change',
    actor,
    username: actor.username,
    sessionId: session.id,
    verify: async () => {
      const [me] = await db.query<{ password_hash: string }>('select password_hash from admins where id = $1', [actor.adminId]);
      return me && (await verifyPassword(currentPassword, me.password_hash)) ? true : null;
    },
  });
  if (!right) throw new ApiError(403, 'WRONG_PASSWORD', 'The current password is wrong');
  const currentTokenHash = session.tokenHash;
  const hash = await hashPassword(newPassword, config.passwordHashCost);
  return db.transaction(async (tx) => {
    await tx.query('update admins set password_hash = $2 where id = $1', [actor.adminId, hash]);
    const ended = await endSessions(tx, String(actor.adminId), currentTokenHash);
    await audit(tx, actor, 'account.password', `admin:${actor.username}`, `Changed own password; ${ended} other session(s) ended`);
    return { changed: true, otherSessionsEnded: ended };
  });
}
