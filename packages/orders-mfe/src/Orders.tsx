// Exposed as `orders/Orders`: the Orders section.
import type { SectionProps } from '@growth-admin/shared-client';
import { OrderListSection } from './components/OrderListSection';

export default function Orders(props: SectionProps) {
  return <OrderListSection kind="orders" {...props} />;
}
