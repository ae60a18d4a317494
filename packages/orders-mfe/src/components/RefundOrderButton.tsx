import { useState } from 'react';
import { Button, Modal } from 'antd';

export const REFUND_CONFIRM_TEXT = 'Are you sure you want to refund this order?';

interface RefundOrderButtonProps {
  /** A refund of this order is on its way: the button shows it and cannot be used. */
  pending: boolean;
  onConfirm: () => void;
}

/**
 * The red 'Refund Order' button and its confirmation. Opening the confirmation is idempotent, so a
 * double click opens it once; the single-send guarantee itself lives in useRefundOrder.
 */
export function RefundOrderButton({ pending, onConfirm }: RefundOrderButtonProps) {
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <Button
        type="primary"
        danger
        loading={pending}
        disabled={pending}
        onClick={() => {
          if (!pending) setConfirming(true);
        }}
      >
        {pending ? 'Processing Refund...' : 'Refund Order'}
      </Button>
      <Modal
        open={confirming}
        title="Confirm refund"
        okText="Yes, refund"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onOk={() => {
          setConfirming(false);
          onConfirm();
        }}
        onCancel={() => setConfirming(false)}
        width={420}
        // A click beside it never dismisses it: the second click of a double click on Refund Order
        // lands on its mask while it opens, and closed it at once. Cancel, × and Escape do.
        mask={{ closable: false }}
        destroyOnHidden
      >
        {REFUND_CONFIRM_TEXT}
      </Modal>
    </>
  );
}
