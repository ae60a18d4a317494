-- The releases each session's runtime config gave it, with the cohort it was in then: a session may
-- report measurements and failures only of these (a release promoted or rolled back during the
-- page's life is still the one it ran). Gone with the session.
create table served_releases (
  session_id bigint not null references admin_sessions(id) on delete cascade,
  release_id bigint not null references releases(id) on delete cascade,
  cohort text not null check (cohort in ('canary', 'stable')),
  served_at timestamptz not null default now(),
  primary key (session_id, release_id)
);
create index served_releases_release on served_releases (release_id);
