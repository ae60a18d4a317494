import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type Order, type OrderKind, type ToastApi } from '@growth-admin/shared-client';
import type { KindText } from '../lib/kindText';
import { queries } from '../api/orders';

interface Options {
  kind: OrderKind;
  /** The order number the URL names (`/orders/<orderSn>`), or null. */
  orderSn: string | null;
  /** The order as last seen on this screen (the clicked row, its refunded self). */
  opened: Order | null;
  rows: Order[];
  text: KindText;
  toast: ToastApi;
  /** Called when the URL names an order that does not exist. */
  onMissing: () => void;
}

/**
 * The order whose details are open: the one last seen when it is the one the URL names, else its
 * row on the page, else loaded by number (a pasted link, a reload). A number that names nothing
 * is said once in a toast and the details close.
 */
export function useOrderDetails({ kind, orderSn, opened, rows, text, toast, onMissing }: Options): Order | null {
  const known = orderSn === null ? null : opened?.orderSn === orderSn ? opened : (rows.find((row) => row.orderSn === orderSn) ?? null);
  const loaded = useQuery({ ...queries.orderBySn(kind, orderSn ?? ''), enabled: orderSn !== null && known === null });
  const missing = orderSn !== null && known === null && loaded.isSuccess && loaded.data === null;
  const failed = orderSn !== null && known === null && loaded.isError;
  useEffect(() => {
    if (missing) {
      toast.error(`${text.numberPrefix}${orderSn} was not found`);
      onMissing();
    } else if (failed) {
      toast.error(`${text.numberPrefix}${orderSn} could not be loaded: ${loaded.error.message}`);
      onMissing();
    }
  }, [missing, failed, orderSn, text, toast, onMissing, loaded.error]);
  return known ?? (orderSn !== null && loaded.data ? loaded.data : null);
}
