-- 5: what the pages' CSP blocked in administrators' browsers (POST /api/csp-report); housekeeping
-- keeps the newest rows only.

create table csp_reports (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  document_url text not null,
  directive text not null,
  blocked_url text not null,
  source_file text not null,
  line integer,
  col integer,
  sample text not null,
  disposition text not null,
  ip text not null,
  user_agent text not null
);
