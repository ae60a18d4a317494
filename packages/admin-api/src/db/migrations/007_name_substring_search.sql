-- Name search matches any part of a name, case-insensitively ('patel' finds
-- 'mia_patel2998'): trigram indexes serve `lower(name) like '%text%'` on 100k users and on the
-- orders' customer names.
create extension if not exists pg_trgm;
create index if not exists persons_name_trgm on persons using gin (lower(custom_name) gin_trgm_ops);
