import { Button, Input, type InputRef, Modal, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import type { Person, ToastApi } from '@growth-admin/shared-client';
import { displayName, formatCoins } from '../person/display';
import { checkCoinAmount } from './amount';
import { useAddCoins } from './useAddCoins';

interface Props {
  /** The freshest copy of the person, so the balance shown is current. */
  person: Person;
  toast: ToastApi;
  onClose: () => void;
}

/**
 * Adds coins to one user. Mount it per person (keyed by _id) so the input starts empty.
 * On failure it stays open with the amount; while the request runs it cannot be sent again or closed.
 */
export function AddCoinsDialog({ person, toast, onClose }: Props) {
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addCoins = useAddCoins(person._id, toast, onClose);
  const inputId = useId();
  const inputRef = useRef<InputRef>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = `${inputId}-error`;
  const pending = addCoins.isPending;

  const submit = () => {
    if (pending) return;
    const check = checkCoinAmount(amountText);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    addCoins.mutate(check.amount);
  };

  return (
    <Modal
      open
      title="Add Coins"
      onCancel={pending ? undefined : onClose}
      closable={!pending}
      mask={{ closable: !pending }}
      keyboard={!pending}
      footer={null}
      destroyOnHidden
      // autoFocus alone loses, over the User Details, to that dialog's focus trap: once open, the
      // amount field takes the focus, unless it is already on one of this form's controls.
      afterOpenChange={(open) => {
        if (open && !formRef.current?.contains(document.activeElement)) inputRef.current?.focus();
      }}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Typography.Paragraph>
          <Typography.Text strong>{displayName(person)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            Current balance:{' '}
            <span data-testid="add-coins-balance">{formatCoins(person.money)}</span> coins
          </Typography.Text>
        </Typography.Paragraph>
        <label htmlFor={inputId} style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>
          Amount to Add
        </label>
        <Input
          ref={inputRef}
          id={inputId}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          autoFocus
          value={amountText}
          disabled={pending}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setAmountText(event.target.value);
            if (error) setError(null);
          }}
        />
        {error && (
          <Typography.Text
            id={errorId}
            type="danger"
            role="alert"
            style={{ display: 'block', marginTop: 4 }}
          >
            {error}
          </Typography.Text>
        )}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 24 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={pending} disabled={pending}>
            {pending ? 'Adding...' : 'Add Coins'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
