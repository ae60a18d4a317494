-- The audit log: each change's before and after (the fields that changed), a target
-- filter, and append-only in the database itself: no role the API uses can update, delete or
-- truncate an entry, whatever code runs.
alter table audit_log add column before jsonb;
alter table audit_log add column after jsonb;
create index audit_log_target on audit_log (target, created_at desc);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
end;
$$;
create trigger audit_log_no_update_or_delete before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();
