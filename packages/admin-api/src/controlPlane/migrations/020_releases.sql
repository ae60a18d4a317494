-- The release registry. One row per release of a remote; a version is never reused. Each
-- remote has at most one active release and at most one canary (partial unique indexes keep it so
-- under concurrent calls). `files` holds each file's SRI hash (sha384-…), recorded at release, for
-- the shell's integrity checks. Failures the shell reports are counted on the release and the newest
-- are kept in release_failures.
create table releases (
  id bigserial primary key,
  remote text not null,
  version text not null,
  manifest_url text not null,
  files jsonb not null default '{}'::jsonb,
  notes text not null default '',
  created_by text not null,
  created_at timestamptz not null default now(),
  state text not null check (state in ('active', 'canary', 'retired', 'rolled-back')),
  canary_percent integer check (canary_percent between 1 and 99),
  changed_at timestamptz not null default now(),
  changed_by text not null,
  failures integer not null default 0,
  unique (remote, version),
  check ((state = 'canary') = (canary_percent is not null))
);
create unique index releases_one_active on releases (remote) where state = 'active';
create unique index releases_one_canary on releases (remote) where state = 'canary';
create index releases_history on releases (remote, created_at desc, id desc);

create table release_failures (
  id bigserial primary key,
  release_id bigint not null references releases(id) on delete cascade,
  kind text not null check (kind in ('load', 'render')),
  message text not null default '',
  admin_username text not null default '',
  created_at timestamptz not null default now()
);
create index release_failures_release on release_failures (release_id, created_at desc);

-- Deploy tokens: what the release commands and CI call the release routes with (never an
-- administrator's password). Stored hashed; revoked ones stay for the audit trail.
create table deploy_tokens (
  id bigserial primary key,
  name text not null unique,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
