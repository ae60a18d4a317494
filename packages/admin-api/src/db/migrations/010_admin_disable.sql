-- Disabling an administrator: they cannot sign in, and their sessions end at once (the
-- session lookup refuses a disabled administrator's token).
alter table admins add column disabled_at timestamptz;
create index audit_log_admin on audit_log (admin_username, created_at desc);
