-- 21: the password throttle counts failures only (a success gives its reservation back), so it
-- needs to know which accounts have signed in successfully from an address: such an account is
-- still checked there when the address's failure budget is spent by someone else (see
-- docs/security-sign-in.md). Session-bound checks (step-up, password change) use `s:` keys.
alter table login_throttle add column last_success_at timestamptz;
