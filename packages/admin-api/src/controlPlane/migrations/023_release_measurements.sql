-- Real-user measurements of each remote's live releases (POST /api/vitals, sent by the shell): one
-- row per section view or slot contribution an administrator saw, with its vitals (LCP, INP in ms,
-- CLS) when the browser measured them and the errors the remote's code raised meanwhile. Each row
-- names the release, its remote and version, and the cohort the administrator was in (the canary's
-- or the stable one's). The canary judge compares the two cohorts; rows are deleted after
-- RELEASE_MEASUREMENTS_RETENTION_DAYS.
create table release_measurements (
  id bigserial primary key,
  release_id bigint not null references releases(id) on delete cascade,
  remote text not null,
  version text not null,
  cohort text not null check (cohort in ('canary', 'stable')),
  admin_username text not null,
  kind text not null check (kind in ('section', 'slot')),
  target text not null default '',
  lcp_ms real check (lcp_ms >= 0),
  inp_ms real check (inp_ms >= 0),
  cls real check (cls >= 0),
  errors integer not null default 0 check (errors >= 0),
  created_at timestamptz not null default now()
);
create index release_measurements_release on release_measurements (release_id, cohort, created_at desc);
create index release_measurements_age on release_measurements (created_at);

-- The canary judge's state on a canary: its last verdict (with the figures and why), when it was
-- made, since when it has been Pass without a break, and the promotion after that long a release
-- may ask for (--promote-after).
alter table releases add column judge_verdict jsonb;
alter table releases add column judged_at timestamptz;
alter table releases add column passing_since timestamptz;
alter table releases add column promote_after_seconds integer check (promote_after_seconds > 0);
