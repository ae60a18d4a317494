import type { Order } from '@growth-admin/shared-client';
import { StatusTag } from '@growth-admin/ui-kit';

/** The server's status text in the server's colour (stateStr in stateColor), readable (AA). */
export function StatusBadge({ order }: { order: Pick<Order, 'stateStr' | 'stateColor'> }) {
  return <StatusTag colour={order.stateColor}>{order.stateStr}</StatusTag>;
}
