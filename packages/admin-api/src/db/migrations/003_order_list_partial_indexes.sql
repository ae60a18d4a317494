-- 3: the order list indexes led by the kind column become partial indexes per kind and status
-- filter (a deep page's OFFSET walks about half as much per entry). A no-op on a database created
-- after it (001 creates them already).

drop index if exists orders_kind_created;
drop index if exists orders_kind_pending;
drop index if exists orders_kind_error;
drop index if exists orders_kind_refunded;
create index if not exists orders_growth_created on orders (created_at desc, id desc) where kind = 'growth';
create index if not exists orders_growth_pending on orders (created_at desc, id desc) where kind = 'growth' and not is_complete and not is_error;
create index if not exists orders_growth_error on orders (created_at desc, id desc) where kind = 'growth' and is_error;
create index if not exists orders_growth_refunded on orders (created_at desc, id desc) where kind = 'growth' and is_refund;
create index if not exists orders_recharge_created on orders (created_at desc, id desc) where kind = 'recharge';
create index if not exists orders_recharge_pending on orders (created_at desc, id desc) where kind = 'recharge' and not is_complete and not is_error;
create index if not exists orders_recharge_error on orders (created_at desc, id desc) where kind = 'recharge' and is_error;
create index if not exists orders_recharge_refunded on orders (created_at desc, id desc) where kind = 'recharge' and is_refund;
