-- When a release stopped being its remote's canary (promoted or rolled back): from created_at to
-- then is the window its canary was judged over, which Settings → Remotes shows for past releases.
alter table releases add column canary_ended_at timestamptz;
-- Releases judged as canaries before this column: their last change is the best record of the end.
update releases set canary_ended_at = changed_at where judge_verdict is not null and state <> 'canary';
-- A past canary's stable cohort: the remote's stable views of its window.
create index release_measurements_remote on release_measurements (remote, cohort, created_at);
