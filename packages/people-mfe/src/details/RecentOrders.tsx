import { List, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney, getUserRecentOrders, queryKeys } from '@growth-admin/shared-client';

export const ORDERS_LOADING_TEXT = 'Loading orders...';
export const NO_ORDERS_TEXT = 'No orders found';
export const ORDERS_FAILED_TEXT = 'Failed to load user orders';

/**
 * The user's last 10 orders. Keyed by queryKeys.orders.recent so a refund made in the
 * orders section invalidates this list too.
 */
export function RecentOrders({ personId }: { personId: string }) {
  const orders = useQuery({
    queryKey: queryKeys.orders.recent(personId),
    queryFn: () => getUserRecentOrders(personId),
  });

  let body: React.ReactNode;
  if (orders.isPending) {
    body = <Typography.Text type="secondary">{ORDERS_LOADING_TEXT}</Typography.Text>;
  } else if (orders.isError || orders.data.error) {
    // getOrdersOf never throws: a failure comes back as an empty list with `error` set.
    body = (
      <Typography.Text type="danger" role="alert">
        {ORDERS_FAILED_TEXT}
      </Typography.Text>
    );
  } else if (orders.data.orders.length === 0) {
    body = <Typography.Text type="secondary">{NO_ORDERS_TEXT}</Typography.Text>;
  } else {
    body = (
      <List
        size="small"
        bordered
        dataSource={orders.data.orders}
        rowKey={(order) => order._id}
        renderItem={(order) => (
          <List.Item>
            <div>
              <Typography.Text strong>Order #{order.orderSn}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{formatDate(order.createdAt)}</Typography.Text>
              </div>
            </div>
            <div style={{ textAlign: 'right' }}>
              <div>${formatMoney(order.paymentMoney)}</div>
              <Typography.Text type="secondary">{order.productType}</Typography.Text>
            </div>
          </List.Item>
        )}
      />
    );
  }

  return (
    <section aria-label="Recent Orders">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Recent Orders
      </Typography.Title>
      {body}
    </section>
  );
}
