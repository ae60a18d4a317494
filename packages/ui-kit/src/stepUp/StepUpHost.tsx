// The one step-up dialog: 'Confirm your password', keyboard-usable (the password field takes the
// focus, Enter confirms, Escape cancels, the focus goes back to what had it). A wrong password keeps
// the dialog open with the API's message; nothing typed is shown anywhere else.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Input, Modal, Typography, type InputRef } from 'antd';
import { reauthenticate, setStepUpPrompt, throttleRefusalOf, toApiError } from '@growth-admin/shared-client';
import { useThrottleCountdown } from '../throttleCountdown';

export const STEP_UP_TITLE = 'Confirm your password';
export const STEP_UP_TEXT = 'For your security, enter your password again to continue. You will not be asked again for 5 minutes.';
export const STEP_UP_EMPTY_MESSAGE = 'Please enter your password';

/** Mount once, inside antd's providers: the shell's signed-in layout and the standalone harness do. */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Too many wrong passwords (429): which limit and a live countdown; Confirm waits for its end.
  const throttle = useThrottleCountdown();
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    const unregister = setStepUpPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setPassword('');
          setError(null);
          setOpen(true);
        }),
    );
    return () => {
      unregister();
      // Unmounted with the question open (signed out meanwhile): the waiting call gives up.
      settle.current?.(false);
      settle.current = null;
    };
  }, []);

  // After a refusal the emptied field takes the focus back, once it is enabled again.
  const shown = throttle.message ?? error;
  useEffect(() => {
    if (open && (error || throttle.active) && !busy) input.current?.focus();
  }, [open, error, throttle.active, busy]);

  const close = (confirmed: boolean) => {
    setOpen(false);
    setPassword('');
    settle.current?.(confirmed);
    settle.current = null;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || throttle.active) return;
    if (!password) {
      setError(STEP_UP_EMPTY_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await reauthenticate(password);
      close(true);
    } catch (err) {
      setPassword('');
      const refusal = throttleRefusalOf(err);
      throttle.start(refusal);
      setError(refusal ? null : toApiError(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={STEP_UP_TITLE}
      onCancel={() => !busy && close(false)}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      footer={[
        <Button key="cancel" onClick={() => close(false)} disabled={busy}>
          Cancel
        </Button>,
        <Button key="confirm" type="primary" loading={busy} disabled={throttle.active} onClick={() => void submit()}>
          {busy ? 'Confirming...' : 'Confirm'}
        </Button>,
      ]}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Typography.Paragraph>{STEP_UP_TEXT}</Typography.Paragraph>
        <label htmlFor="ga-step-up-password" style={{ display: 'block', marginBottom: 4 }}>
          Password
        </label>
        <Input.Password
          id="ga-step-up-password"
          ref={input}
          autoComplete="current-password"
          value={password}
          disabled={busy}
          status={shown ? 'error' : undefined}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? 'ga-step-up-error' : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
        {shown && <Alert id="ga-step-up-error" role="alert" type="error" showIcon title={shown} style={{ marginTop: 12 }} />}
      </form>
    </Modal>
  );
}
