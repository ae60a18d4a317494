-- The registry of remotes: which remotes exist is data, not the shell's code. A remote is created by
-- an owner (name, team, the origin its files are served from) and decommissioned, never deleted or
-- renamed: a name is never reused and its releases stay for the history. Each release records the
-- build's remote-meta.json (its sections and slot contributions), which the composition is resolved
-- from; a deploy token may be scoped to one remote and expires.
create table remotes (
  name text primary key,
  team text not null,
  origin text not null,
  created_at timestamptz not null default now(),
  created_by text not null,
  decommissioned_at timestamptz,
  decommissioned_by text,
  check ((decommissioned_at is null) = (decommissioned_by is null))
);

-- An existing registry: every remote that has releases, served from where its active (else newest)
-- release is.
insert into remotes (name, team, origin, created_at, created_by)
select distinct on (remote) remote, 'growth-admin', substring(manifest_url from '^(https?://[^/?#]+)'),
       min(created_at) over (partition by remote), 'registry migration'
from releases
order by remote, (state = 'active') desc, id desc;

-- A release of an earlier registry recorded no metadata: it composes nothing until `npm start`'s seed
-- (or a new release) replaces it.
alter table releases add column meta jsonb not null default '{}'::jsonb;
alter table releases add constraint releases_remote_fkey foreign key (remote) references remotes (name);

-- null remote: every remote (npm start's local token, tokens made with the CLI without --remote).
alter table deploy_tokens add column remote text references remotes (name);
alter table deploy_tokens add column expires_at timestamptz;
alter table deploy_tokens add column created_by text not null default 'cli';
