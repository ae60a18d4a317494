import { Type } from '@sinclair/typebox';
import { ApiError, unauthorized } from '../http/errors';
import { Envelope } from '../http/schemas';
import { audit } from '../services/audit';
import { checkCredentials, clearFailures, createSession, recentFailures, recordFailure, revokeSession } from '../services/auth';
import { actorOf, ERRORS, SECURED, typed, type App, type RouteDeps } from './common';

const INVALID = 'Invalid username or password';

export const authRoutes = ({ config, db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);

    r.post(
      '/login',
      {
        config: { access: 'signed' },
        schema: {
          tags: ['session'],
          summary: 'Sign in (needs a valid signature, no token)',
          body: Type.Object(
            { username: Type.String({ minLength: 1, maxLength: 100 }), password: Type.String({ minLength: 1, maxLength: 200 }) },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(Type.Object({ token: Type.String(), user: Type.Object({ username: Type.String() }) })),
            ...ERRORS,
            429: { $ref: 'ErrorBody#' },
          },
        },
      },
      async (req) => {
        const { username, password } = req.body;
        const userKey = `u:${username.toLowerCase()}`;
        const ipKey = `ip:${req.ip}`;
        const failures = await recentFailures(db, [userKey, ipKey], config.loginWindowMs);
        const blocked = [
          failures[userKey].n >= config.loginMaxFailuresPerUser ? failures[userKey] : null,
          failures[ipKey].n >= config.loginMaxFailuresPerIp ? failures[ipKey] : null,
        ].filter((x) => x !== null);
        if (blocked.length) {
          const until = Math.max(...blocked.map((b) => (b.oldest?.getTime() ?? Date.now()) + config.loginWindowMs));
          const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
          const err = new ApiError(429, 'LOGIN_THROTTLED', `Too many failed sign-in attempts: try again in ${Math.ceil(retryAfter / 60)} minute(s)`);
          Object.assign(err, { retryAfter });
          throw err;
        }
        const admin = await checkCredentials(db, username, password);
        if (!admin) {
          await db.transaction(async (tx) => {
            await recordFailure(tx, [userKey, ipKey]);
            await audit(tx, { adminId: null, username, ip: req.ip }, 'login.failed', `admin:${username}`, 'Failed sign-in attempt');
          });
          throw unauthorized(INVALID, 'INVALID_CREDENTIALS');
        }
        const token = await db.transaction(async (tx) => {
          await clearFailures(tx, userKey);
          const t = await createSession(tx, admin.adminId, config.sessionTtlMs, req.ip);
          await audit(tx, { adminId: admin.adminId, username: admin.username, ip: req.ip }, 'login', `admin:${admin.username}`, 'Signed in');
          return t;
        });
        return { data: { token, user: { username: admin.username } } };
      },
    );

    r.post(
      '/logout',
      {
        schema: {
          tags: ['session'],
          summary: 'Sign out: revokes the session token',
          ...SECURED,
          response: { 200: Envelope(Type.Object({ loggedOut: Type.Boolean() })), ...ERRORS },
        },
      },
      async (req) => {
        await db.transaction(async (tx) => {
          await revokeSession(tx, req.token!);
          await audit(tx, actorOf(req), 'logout', `admin:${req.admin!.username}`, 'Signed out');
        });
        return { data: { loggedOut: true } };
      },
    );
  };
