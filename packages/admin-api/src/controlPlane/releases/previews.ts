// Preview releases: a build registered under a label (pr-42) through the gate, never active, never a
// canary, never judged. Its link carries a token the server signs (HMAC-SHA256 under the preview key:
// remote, release id, label, expiry; no session, useless without signing in). A signed-in session
// that enters the token gets the preview of that remote in its own runtime config (session_previews):
// other administrators, and the same administrator's other sessions, are unaffected, and a reload
// keeps it. Every change runs under the remote's lock and is audited in its transaction.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RemoteMeta } from '@growth-admin/api-contract/remote-meta';
import type { Preview, PreviewInput, SessionPreview } from '@growth-admin/api-contract/releases';
import type { Db, Queryable } from '../../db';
import { iso } from '../../db/dates';
import { audit, type Actor } from '../../db/audit';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import { liveRemote, lockRemote } from '../remotes/repository';
import type { PreviewRelease } from './resolveComposition';
import type { ComposableRelease } from './repository';

/** The signed token's content. */
export interface PreviewClaims {
  remote: string;
  /** The preview release's id. */
  id: string;
  label: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const TOKEN_PREFIX = 'pv1';

export function signPreviewToken(claims: PreviewClaims, key: string): string {
  const payload = Buffer.from(JSON.stringify({ r: claims.remote, i: claims.id, l: claims.label, e: claims.exp })).toString('base64url');
  const sig = createHmac('sha256', key).update(`${TOKEN_PREFIX}.${payload}`).digest('base64url');
  return `${TOKEN_PREFIX}.${payload}.${sig}`;
}

/** The claims of a token this key signed; null for any other (forged, altered, truncated). */
export function verifyPreviewToken(token: string, key: string): PreviewClaims | null {
  const [prefix, payload, sig, ...rest] = token.split('.');
  if (prefix !== TOKEN_PREFIX || !payload || !sig || rest.length) return null;
  const expected = createHmac('sha256', key).update(`${TOKEN_PREFIX}.${payload}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { r?: unknown; i?: unknown; l?: unknown; e?: unknown };
    if (typeof c.r !== 'string' || typeof c.i !== 'string' || typeof c.l !== 'string' || typeof c.e !== 'number') return null;
    return { remote: c.r, id: c.i, label: c.l, exp: c.e };
  } catch {
    return null;
  }
}

/**
 * The key preview tokens are signed with: RELEASE_PREVIEW_SECRET, else the database's (made on first
 * use, the same for every instance). Never the request-signing key, which the runtime config publishes.
 */
export class PreviewKey {
  private key: Promise<string> | null = null;
  constructor(
    private readonly q: Queryable,
    private readonly configured: string | null,
  ) {}

  get(): Promise<string> {
    if (this.configured) return Promise.resolve(this.configured);
    this.key ??= (async () => {
      await this.q.query('insert into release_preview_key (id, secret) values (1, $1) on conflict (id) do nothing', [randomBytes(32).toString('base64url')]);
      const [row] = await this.q.query<{ secret: string }>('select secret from release_preview_key where id = 1');
      return row.secret;
    })().catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }
}

const COLUMNS = `id::text as id, remote, preview_label as label, version, manifest_url as "manifestUrl", notes, created_by as "createdBy",
  created_at as "createdAt", preview_expires_at as "expiresAt", preview_expires_at <= now() as expired`;

type Row = Omit<Preview, 'createdAt' | 'expiresAt' | 'link'> & { createdAt: unknown; expiresAt: unknown };

/** Where a preview's link points: the shell (SHELL_URL), else the API's public URL, else `fallback`. */
export interface LinkBase {
  shellUrl: string;
  key: string;
}

function toPreview(r: Row, link: LinkBase): Preview {
  const expiresAt = iso(r.expiresAt as Date);
  const token = signPreviewToken({ remote: r.remote, id: r.id, label: r.label, exp: Math.floor(new Date(expiresAt).getTime() / 1000) }, link.key);
  return { ...r, expired: Boolean(r.expired), createdAt: iso(r.createdAt as Date), expiresAt, link: `${link.shellUrl}/?preview=${token}` };
}

/** A remote's live previews (expired ones too, until deleted or replaced), newest first. */
export async function listPreviews(q: Queryable, remote: string, link: LinkBase): Promise<Preview[]> {
  await liveRemote(q, remote);
  const rows = await q.query<Row>(`select ${COLUMNS} from releases where remote = $1 and state = 'preview' order by created_at desc, id desc`, [remote]);
  return rows.map((r) => toPreview(r, link));
}

export interface PreviewLimits {
  ttlDays: number;
  maxPerRemote: number;
}

/**
 * Registers a preview that passed the gate: under `label`, replacing the live preview the label held
 * (which becomes preview-gone, `replaced`); refused (409 PREVIEW_LIMIT, naming the oldest) when the
 * remote holds `maxPerRemote` unexpired previews under other labels.
 */
export async function registerPreview(
  db: Db,
  actor: Actor,
  remote: string,
  input: PreviewInput,
  meta: RemoteMeta,
  limits: PreviewLimits,
  link: LinkBase,
): Promise<{ preview: Preview; replaced: Preview | null }> {
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    await liveRemote(tx, remote); // decommissioned while the gate ran: refused
    const [before] = await tx.query<Row>(`select ${COLUMNS} from releases where remote = $1 and state = 'preview' and preview_label = $2`, [remote, input.label]);
    const others = await tx.query<Row>(
      `select ${COLUMNS} from releases where remote = $1 and state = 'preview' and preview_label <> $2 and preview_expires_at > now() order by created_at, id`,
      [remote, input.label],
    );
    if (others.length >= limits.maxPerRemote) {
      const oldest = others[0];
      throw conflict(
        `${remote} holds ${others.length} previews, the most a remote may (RELEASE_PREVIEW_MAX): delete the oldest first, ${oldest.label} ` +
          `(${oldest.version}, by ${oldest.createdBy} on ${iso(oldest.createdAt as Date).slice(0, 10)}): npm run release -- ${remote} --preview ${oldest.label} --delete`,
        'PREVIEW_LIMIT',
      );
    }
    if (before) {
      await tx.query(`update releases set state = 'preview-gone', preview_ended = 'replaced', changed_at = now(), changed_by = $2 where id = $1`, [before.id, actor.username]);
    }
    const days = input.expiresInDays ?? limits.ttlDays;
    const [row] = await tx.query<Row>(
      `insert into releases (remote, version, manifest_url, files, notes, created_by, state, changed_by, meta, preview_label, preview_expires_at)
       values ($1, $2, $3, $4, $5, $6, 'preview', $6, $7, $8, now() + make_interval(days => $9)) returning ${COLUMNS}`,
      [remote, input.version, input.manifestUrl, JSON.stringify(input.files), input.notes ?? '', actor.username, JSON.stringify(meta), input.label, days],
    );
    const preview = toPreview(row, link);
    const expires = `expires ${preview.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
    if (before) {
      await audit(tx, actor, 'release.preview-replace', `${remote} ${input.label}`, `${remote} preview ${input.label}: ${input.version} replaces ${before.version}, ${expires}`);
    } else {
      await audit(tx, actor, 'release.preview', `${remote} ${input.label}`, `${remote} preview ${input.label}: ${input.version}, ${expires}`);
    }
    return { preview, replaced: before ? toPreview(before, link) : null };
  });
}

/** Deletes the live preview `label` of `remote` (404 PREVIEW_NOT_FOUND when there is none). */
export async function deletePreview(db: Db, actor: Actor, remote: string, label: string, link: LinkBase): Promise<Preview> {
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    await liveRemote(tx, remote);
    const [row] = await tx.query<Row>(
      `update releases set state = 'preview-gone', preview_ended = 'deleted', changed_at = now(), changed_by = $3
        where remote = $1 and state = 'preview' and preview_label = $2 returning ${COLUMNS}`,
      [remote, label, actor.username],
    );
    if (!row) throw notFound(`${remote} has no preview named ${label}`, 'PREVIEW_NOT_FOUND');
    await audit(tx, actor, 'release.preview-delete', `${remote} ${label}`, `${remote} preview ${label} (${row.version}) deleted`);
    return toPreview(row, link);
  });
}

/** What a session's entered previews resolve to: the release served per remote (active ones), and each one's status. */
export interface SessionPreviews {
  serve: Map<string, PreviewRelease>;
  status: SessionPreview[];
}

const RELEASE_COLUMNS = `id::text as id, remote, version, manifest_url as "manifestUrl", files, notes, created_by as "createdBy",
  created_at as "createdAt", state, canary_percent as "canaryPercent", changed_at as "changedAt", changed_by as "changedBy", failures, meta,
  preview_label as label, preview_expires_at as "expiresAt", preview_expires_at <= now() as expired`;

type ReleaseRow = Omit<ComposableRelease, 'state'> & { state: string; label: string; expiresAt: unknown; expired: boolean; [k: string]: unknown };
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * The previews `sessionId` entered: each follows its label (a replaced preview's session gets the new
 * build); served while the label's preview lives and has not expired; otherwise `expired` or `deleted`
 * and the session gets the chosen release. Only for live remotes.
 */
export async function sessionPreviews(q: Queryable, sessionId: string): Promise<SessionPreviews> {
  const entered = await q.query<{ remote: string; label: string; release_id: string }>(
    `select p.remote, p.label, p.release_id::text as release_id from session_previews p join remotes m on m.name = p.remote and m.decommissioned_at is null
      where p.session_id = $1 order by p.remote`,
    [sessionId],
  );
  const out: SessionPreviews = { serve: new Map(), status: [] };
  if (!entered.length) return out;
  const rows = await q.query<ReleaseRow>(
    `select ${RELEASE_COLUMNS} from releases
      where id = any($1::bigint[]) or (state = 'preview' and (remote, preview_label) in (select remote, label from session_previews where session_id = $2))`,
    [entered.map((e) => e.release_id), sessionId],
  );
  for (const e of entered) {
    const current = rows.find((r) => r.state === 'preview' && r.remote === e.remote && r.label === e.label);
    const shown = current ?? rows.find((r) => r.id === e.release_id);
    if (!shown) continue;
    const status = current ? (current.expired ? 'expired' : 'active') : 'deleted';
    out.status.push({ remote: e.remote, label: e.label, releaseId: shown.id, version: shown.version, status, expiresAt: iso(shown.expiresAt as Date) });
    if (status === 'active') {
      const { label: _l, expiresAt: _e, expired: _x, ...release } = current!;
      // The composition reads its manifest, files, metadata, id and version; it serves as the remote's
      // release for this session (the contract's Release states have no preview: it is never listed as one).
      out.serve.set(e.remote, {
        ...release,
        state: 'active',
        files: (json(release.files) ?? {}) as Record<string, string>,
        meta: (json(release.meta) ?? {}) as ComposableRelease['meta'],
        firstLoad: null, // (never read: the login screen prefetches no preview)
        createdAt: iso(release.createdAt as unknown as Date),
        changedAt: iso(release.changedAt as unknown as Date),
        previewLabel: e.label,
      });
    }
  }
  return out;
}

/**
 * Records the preview a token names on the session (replacing its preview of that remote): 403
 * PREVIEW_TOKEN_INVALID unless the server signed it, 404 PREVIEW_NOT_FOUND when it names no preview.
 * An expired or deleted preview is recorded too, and answered as such.
 */
export async function enterPreview(q: Queryable, sessionId: string, token: string, key: string): Promise<SessionPreview> {
  const claims = verifyPreviewToken(token, key);
  if (!claims) throw forbidden('The preview link is not one this server signed (forged, altered or cut short): ask for the link again', 'PREVIEW_TOKEN_INVALID');
  const [release] = await q.query<{ id: string }>(
    `select id::text as id from releases where id = $1::bigint and remote = $2 and preview_label = $3`,
    [claims.id, claims.remote, claims.label],
  );
  if (!release) throw notFound(`No preview ${claims.label} of ${claims.remote} is in the registry`, 'PREVIEW_NOT_FOUND');
  await q.query(
    `insert into session_previews (session_id, remote, label, release_id) values ($1, $2, $3, $4)
     on conflict (session_id, remote) do update set label = excluded.label, release_id = excluded.release_id, entered_at = now()`,
    [sessionId, claims.remote, claims.label, claims.id],
  );
  const found = (await sessionPreviews(q, sessionId)).status.find((s) => s.remote === claims.remote);
  if (!found) throw new ApiError(404, 'UNKNOWN_REMOTE', `The remote "${claims.remote}" was decommissioned`);
  return found;
}

/** Ends the session's preview of `remote`; answers whether it had one. */
export async function leavePreview(q: Queryable, sessionId: string, remote: string): Promise<boolean> {
  const rows = await q.query('delete from session_previews where session_id = $1 and remote = $2 returning 1', [sessionId, remote]);
  return rows.length > 0;
}

/** The link base of a preview: the shell's URL (SHELL_URL), else the API's public URL, else the request's origin. */
export function previewLinkBase(config: { shellUrl: string | null; publicUrl: string | null }, requestOrigin: string, key: string): LinkBase {
  return { shellUrl: (config.shellUrl ?? config.publicUrl ?? requestOrigin).replace(/\/+$/, ''), key };
}


/**
 * The retention of previews: deletes those (live, replaced or deleted) whose expiry is more than
 * `graceDays` past, at most `limit` a call, oldest first, with what refers to them (sessions in them,
 * their measurements, failure reports and served records: on delete cascade). A session that entered
 * a preview since replaced under its label keeps following the label: it is moved to the live
 * preview first. Answers how many went. Runs on the canary judge's interval (canaryJudge.ts).
 */
export async function deleteExpiredPreviews(db: Db, graceDays: number, limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const doomed = await tx.query<{ id: string }>(
      `select id::text as id from releases where state in ('preview', 'preview-gone') and preview_expires_at < now() - make_interval(days => $1)
        order by preview_expires_at, id limit $2`,
      [graceDays, limit],
    );
    if (!doomed.length) return 0;
    const ids = doomed.map((r) => r.id);
    await tx.query(
      `update session_previews s set release_id = live.id from releases live
        where s.release_id = any($1::bigint[]) and live.state = 'preview' and live.remote = s.remote and live.preview_label = s.label
          and not (live.id = any($1::bigint[]))`,
      [ids],
    );
    await tx.query('delete from releases where id = any($1::bigint[])', [ids]);
    return ids.length;
  });
}
