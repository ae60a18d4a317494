-- Preview releases: a build registered under a label (pr-42) through the same gate as any release,
-- never active, never a canary, never judged; only the sessions that entered its signed link get it.
-- A preview is a row of `releases` (so its measurements, failure reports and served records refer to
-- it like any release's) in the state `preview`; replaced by a new build under its label, or deleted,
-- it becomes `preview-gone` (kept for what was measured of it; `preview_ended` says which). Its
-- version is not a release's: the (remote, version) rule holds for releases only.
alter table releases drop constraint releases_state_check;
alter table releases add constraint releases_state_check check (state in ('active', 'canary', 'retired', 'rolled-back', 'preview', 'preview-gone'));
alter table releases add column preview_label text;
alter table releases add column preview_expires_at timestamptz;
alter table releases add column preview_ended text check (preview_ended in ('replaced', 'deleted'));
alter table releases add constraint releases_preview_check check (
  (state in ('preview', 'preview-gone')) = (preview_label is not null)
  and (preview_label is null) = (preview_expires_at is null)
  and (state = 'preview-gone') = (preview_ended is not null)
);
alter table releases drop constraint releases_remote_version_key;
create unique index releases_remote_version on releases (remote, version) where preview_label is null;
create unique index releases_one_preview_per_label on releases (remote, preview_label) where state = 'preview';

-- A preview's measurements and served records are its own cohort, never a canary's or the stable one.
alter table release_measurements drop constraint release_measurements_cohort_check;
alter table release_measurements add constraint release_measurements_cohort_check check (cohort in ('canary', 'stable', 'preview'));
alter table served_releases drop constraint served_releases_cohort_check;
alter table served_releases add constraint served_releases_cohort_check check (cohort in ('canary', 'stable', 'preview'));

-- The previews a session entered (its signed link): one per remote, the label followed (a replaced
-- preview's session gets the new build), the release entered kept. Gone with the session.
create table session_previews (
  session_id bigint not null references admin_sessions(id) on delete cascade,
  remote text not null references remotes (name),
  label text not null,
  release_id bigint not null references releases(id) on delete cascade,
  entered_at timestamptz not null default now(),
  primary key (session_id, remote)
);

-- The key preview links are signed with, made on first use when RELEASE_PREVIEW_SECRET is not set
-- (every instance reads the same one).
create table release_preview_key (
  id integer primary key check (id = 1),
  secret text not null,
  created_at timestamptz not null default now()
);
