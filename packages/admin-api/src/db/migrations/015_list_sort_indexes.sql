-- 15: the lists' sorts and filters stay index scans at 1M orders / 100k users.
-- Orders and payments by amount, per kind, either way; the included columns let the status, type
-- and created-range filters be checked in the index (an index-only scan under the deferred join).
create index if not exists orders_growth_money on orders (payment_money, id)
  include (created_at, product_type, is_complete, is_error, is_refund) where kind = 'growth';
create index if not exists orders_recharge_money on orders (payment_money, id)
  include (created_at, product_type, is_complete, is_error, is_refund) where kind = 'recharge';
-- Orders of one product type (the dashboard's drill-down), by date, either way.
create index if not exists orders_kind_type_created on orders (kind, product_type, created_at, id);
-- Users by coin balance and by last activity, either way, ties by id; by region.
create index if not exists persons_money on persons (money, id);
create index if not exists persons_updated_id on persons (updated_at, id);
create index if not exists persons_region on persons (last_client_region, id);
