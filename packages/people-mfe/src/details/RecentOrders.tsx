import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney, orderTypeLabel } from '@growth-admin/ui-kit';
import { queries } from '../api';

export const ORDERS_LOADING_TEXT = 'Loading orders...';
export const NO_ORDERS_TEXT = 'No orders found';
export const ORDERS_FAILED_TEXT = 'Failed to load user orders';

// A plain list (antd's List is deprecated in v6), bordered like the Descriptions above it.
const LIST_STYLE: React.CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: '1px solid #f0f0f0',
  borderRadius: 8,
};
const ITEM_STYLE: React.CSSProperties = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: 16,
  padding: '8px 16px',
};

/**
 * The user's last 10 orders. Keyed by queryKeys.orders.recent so a refund made in the
 * orders section invalidates this list too.
 */
export function RecentOrders({ personId }: { personId: string }) {
  const orders = useQuery(queries.recentOrders(personId));

  let body: React.ReactNode;
  if (orders.isPending) {
    body = <Typography.Text type="secondary">{ORDERS_LOADING_TEXT}</Typography.Text>;
  } else if (orders.isError) {
    body = (
      <Typography.Text type="danger" role="alert">
        {ORDERS_FAILED_TEXT}
      </Typography.Text>
    );
  } else if (orders.data.orders.length === 0) {
    body = <Typography.Text type="secondary">{NO_ORDERS_TEXT}</Typography.Text>;
  } else {
    body = (
      <ul style={LIST_STYLE}>
        {orders.data.orders.map((order, index) => (
          <li
            key={order._id}
            style={index === 0 ? ITEM_STYLE : { ...ITEM_STYLE, borderTop: '1px solid #f0f0f0' }}
          >
            <div>
              <Typography.Text strong>Order #{order.orderSn}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{formatDate(order.createdAt)}</Typography.Text>
              </div>
            </div>
            <div style={{ textAlign: 'right' }}>
              <div>${formatMoney(order.paymentMoney)}</div>
              <Typography.Text type="secondary">{orderTypeLabel(order.productType)}</Typography.Text>
            </div>
          </li>
        ))}
      </ul>
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
