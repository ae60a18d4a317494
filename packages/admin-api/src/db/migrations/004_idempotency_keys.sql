-- 4: idempotent money calls. The first answer to an (administrator, Idempotency-Key) pair is stored
-- in the transaction of the change itself, so the change and its stored answer commit together; a
-- repeat gets that answer and changes nothing. Housekeeping forgets keys after 48 hours.

create table idempotency_keys (
  admin_id bigint not null,
  key text not null,
  operation text not null,
  request_hash text not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (admin_id, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);
