// Exposed as `orders/Payments`: the Payments section (recharge orders).
import type { SectionProps } from '@growth-admin/shared-client';
import { OrderListSection } from './components/OrderListSection';

export default function Payments(props: SectionProps) {
  return <OrderListSection kind="payments" {...props} />;
}
