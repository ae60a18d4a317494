-- What a release's exposed modules load first (controlPlane/releases/firstLoad.ts), read off its
-- manifest when the gate passed it or npm start seeded it: `{ base, entry, modules }`. The anonymous
-- runtime config's `landing` lists the landing module's files from it. Null: a release registered
-- before, or a preview (the login screen fetches neither).
alter table releases add column first_load jsonb;
