-- 6: sign-in throttling by counters locked per key: an attempt is counted (and refused past the
-- limit, or before its delay is over) under the key's row lock, before the password is checked, so
-- concurrent attempts cannot pass more checks than the limit. Keys: username and address together,
-- and address alone (never username alone, so nobody can lock an administrator out from elsewhere).
-- It replaces login_failures.

create table login_throttle (
  key text primary key,
  attempts integer not null default 0,
  first_at timestamptz not null default now(),
  next_allowed_at timestamptz
);
drop table login_failures;
