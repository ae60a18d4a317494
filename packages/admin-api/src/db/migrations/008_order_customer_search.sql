-- Orders' Customer Name search matches any part of the name, case-insensitively, and
-- stays fast at 1M orders. order_name_totals holds, per lower-case customer name and kind, how many
-- orders are in each state, kept by a trigger: a search's total is a sum over the matching names
-- (found through a trigram index, one narrow row per name) instead of a count over their orders,
-- and a search that matches few orders reads them by name through orders_kind_customer.
create table order_name_totals (
  name text not null,
  kind text not null,
  completed bigint not null default 0,
  pending bigint not null default 0,
  error bigint not null default 0,
  refunded bigint not null default 0,
  primary key (name, kind)
);
create index order_name_totals_trgm on order_name_totals using gin (name gin_trgm_ops);
create index orders_kind_customer on orders (kind, lower(shopping_user), created_at desc, id desc);

create function order_name_totals_apply(o orders, sign integer) returns void language plpgsql as $fn$
begin
  insert into order_name_totals (name, kind, completed, pending, error, refunded)
  values (lower(o.shopping_user), o.kind,
          case when o.state = 'completed' then sign else 0 end, case when o.state = 'pending' then sign else 0 end,
          case when o.state = 'error' then sign else 0 end, case when o.state = 'refunded' then sign else 0 end)
  on conflict (name, kind) do update set
    completed = order_name_totals.completed + excluded.completed, pending = order_name_totals.pending + excluded.pending,
    error = order_name_totals.error + excluded.error, refunded = order_name_totals.refunded + excluded.refunded;
end
$fn$;

create function orders_name_totals_trigger() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' then
    if old.kind = new.kind and old.shopping_user = new.shopping_user and old.state is not distinct from new.state then
      return null;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then perform order_name_totals_apply(old, -1); end if;
  if tg_op in ('UPDATE', 'INSERT') then perform order_name_totals_apply(new, 1); end if;
  return null;
end
$fn$;
create trigger orders_name_totals after insert or update or delete on orders
  for each row execute function orders_name_totals_trigger();

insert into order_name_totals (name, kind, completed, pending, error, refunded)
  select lower(shopping_user), kind, count(*) filter (where state = 'completed'), count(*) filter (where state = 'pending'),
         count(*) filter (where state = 'error'), count(*) filter (where state = 'refunded')
    from orders group by 1, 2;
