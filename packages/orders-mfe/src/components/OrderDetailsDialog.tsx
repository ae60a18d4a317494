import { Alert, Button, Descriptions, Modal, Space, Typography, type DescriptionsProps } from 'antd';
import type { Order, SlotHost } from '@growth-admin/shared-client';
import type { KindText } from '../lib/kindText';
import { hasErrorDetails, hasPromoCode, orderHeading, paymentText } from '../lib/orderDisplay';
import { OrderPicture } from './OrderPicture';
import { RefundOrderButton } from './RefundOrderButton';
import { StatusBadge } from './StatusBadge';
import { formatDate } from '@growth-admin/ui-kit';
import { canRefund } from '../lib/status';

interface OrderDetailsDialogProps {
  /** The order shown; null keeps the dialog closed. */
  order: Order | null;
  text: KindText;
  /** A refund of the shown order is on its way. */
  refundPending: boolean;
  /** Absent for a viewer: no Refund Order is offered. */
  onRefund?: (order: Order) => void;
  /** The `order.details.actions` slot: other teams' actions beside Refund (absent with an older shell). */
  slots?: SlotHost;
  /** Reads the order again after such an action changed it. */
  onRefresh?: () => void;
  onClose: () => void;
}

export function OrderDetailsDialog({ order, text, refundPending, onRefund, slots, onRefresh, onClose }: OrderDetailsDialogProps) {
  // While a refund is on its way the dialog stays put, so its outcome is seen where it was asked for.
  const closable = !refundPending;
  return (
    <Modal
      open={order !== null}
      title={text.detailsTitle}
      onCancel={closable ? onClose : undefined}
      closable={closable}
      mask={{ closable }}
      keyboard={closable}
      width={640}
      footer={
        order && (
          <Space>
            <Button onClick={onClose} disabled={!closable}>
              Close
            </Button>
            {slots && <slots.Slot id="order.details.actions" props={{ order, refresh: onRefresh ?? (() => undefined) }} />}
            {onRefund && canRefund(order) && <RefundOrderButton pending={refundPending} onConfirm={() => onRefund(order)} />}
          </Space>
        )
      }
    >
      {order && <OrderDetailsBody order={order} text={text} />}
    </Modal>
  );
}

type Items = NonNullable<DescriptionsProps['items']>;

function summaryItems(order: Order): Items {
  return [
    { key: 'customer', label: 'Customer', children: order.shoppingUser },
    { key: 'date', label: 'Order Date', children: formatDate(order.createdAt) },
    { key: 'amount', label: 'Payment Amount', children: paymentText(order) },
    { key: 'platform', label: 'Platform', children: order.platform },
  ];
}

function productItems(order: Order, text: KindText): Items {
  const items: Items = [
    { key: 'type', label: 'Type', children: text.typeLabel(order) },
    { key: 'quantity', label: 'Quantity', children: order.count },
    { key: 'start', label: 'Start Count', children: order.startCount },
    { key: 'paymentType', label: 'Payment Type', children: order.paymentType },
  ];
  if (hasPromoCode(order)) items.push({ key: 'promo', label: 'Promo Code', children: order.promCode });
  return items;
}

function OrderDetailsBody({ order, text }: { order: Order; text: KindText }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <OrderPicture url={order.shoppingPic} name={order.shoppingUser} size={64} />
        <div style={{ flex: 1, minWidth: 0 }}>
          {/* 'Order #…' (spec), and for a payment 'Payment #…', as its row reads. */}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {orderHeading(text.numberPrefix, order)}
          </Typography.Title>
          {order.shoppingText && (
            <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
              {order.shoppingText}
            </Typography.Text>
          )}
        </div>
        <StatusBadge order={order} />
      </div>
      <Descriptions column={2} size="small" bordered items={summaryItems(order)} />
      <Descriptions column={2} size="small" bordered items={productItems(order, text)} />
      {hasErrorDetails(order) && (
        <Alert type="error" showIcon title="Error Details" description={order.errorMessage} />
      )}
    </Space>
  );
}
