import { Tag } from 'antd';
import type { Order } from '@growth-admin/shared-client';

/** The server's status text in the server's colour (stateStr in stateColor). */
export function StatusBadge({ order }: { order: Pick<Order, 'stateStr' | 'stateColor'> }) {
  return (
    <Tag color={order.stateColor || undefined} style={{ marginInlineEnd: 0 }}>
      {order.stateStr}
    </Tag>
  );
}
