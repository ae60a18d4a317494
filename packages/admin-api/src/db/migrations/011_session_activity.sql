-- Sessions: each has a public id (the token hash never leaves the server), when it was
-- last seen (written at most once a minute per session, for the idle timeout and the Sessions tab),
-- the browser it was started from, and when its password was last entered (sign-in, or a step-up
-- re-authentication before a refund or a large add-coins).
alter table admin_sessions add column id bigserial not null unique;
alter table admin_sessions add column last_seen_at timestamptz not null default now();
alter table admin_sessions add column user_agent text not null default '';
alter table admin_sessions add column reauth_at timestamptz not null default now();
update admin_sessions set last_seen_at = created_at, reauth_at = created_at;
create index admin_sessions_admin on admin_sessions (admin_id) where revoked_at is null;
