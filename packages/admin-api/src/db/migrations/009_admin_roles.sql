-- Roles: viewer reads only, operator also moves money and changes projects, owner also
-- manages administrators. Administrators of an existing database become owners: they could do
-- everything before, and the first administrator of a new database is an owner too.
alter table admins add column role text not null default 'owner' check (role in ('owner', 'operator', 'viewer'));
