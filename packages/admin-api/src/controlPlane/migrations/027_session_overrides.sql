-- A developer's own override: one remote of one session loaded from a development build on an origin
-- DEV_OVERRIDE_ORIGINS allows (session_overrides), with the sections and slot contributions its
-- remote-meta.json declared when it was set (null: the remote's chosen release's). One per remote of
-- a session; gone with the session. No release row: nothing is measured against an override.
create table session_overrides (
  session_id bigint not null references admin_sessions(id) on delete cascade,
  remote text not null references remotes (name),
  manifest_url text not null,
  origin text not null,
  meta jsonb,
  set_at timestamptz not null default now(),
  primary key (session_id, remote)
);
