import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Modal, type FormInstance } from 'antd';
import { toApiError, type ApiError } from '@growth-admin/shared-client';
import { DiscardChangesDialog } from '@growth-admin/ui-kit';

interface Props<Fields> {
  title: string;
  submitText: string;
  pendingText: string;
  form: FormInstance<Fields>;
  initialValues?: Partial<Fields>;
  /** Sends the form; a rejection keeps the dialog open with everything typed. */
  onSubmit(fields: Fields): Promise<void>;
  /** A refusal that belongs to one field (a taken name): its name, else null for the alert. */
  fieldOfError?(error: ApiError): keyof Fields | null;
  onClose(): void;
  children: ReactNode;
}

/**
 * The remotes tab's form dialogs: Enter in a text box submits, Cancel closes at once, Escape (or the
 * close button) on a form with changes asks 'Discard your changes?' first, as the projects dialog
 * does. A refusal is shown at its field or above the buttons, and nothing typed is lost.
 */
export function FormDialog<Fields extends object>({
  title,
  submitText,
  pendingText,
  form,
  initialValues,
  onSubmit,
  fieldOfError,
  onClose,
  children,
}: Props<Fields>) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [askingToDiscard, setAskingToDiscard] = useState(false);

  const submit = async (fields: Fields) => {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSubmit(fields);
    } catch (err) {
      const apiError = toApiError(err);
      const field = fieldOfError?.(apiError);
      if (field) form.setFields([{ name: field as never, errors: [apiError.message] }]);
      else setError(apiError.message);
      setSaving(false);
    }
  };

  const close = () => (form.isFieldsTouched() && !saving ? setAskingToDiscard(true) : onClose());

  // The submit button is in the dialog's footer, outside the <form>: Enter is handled here.
  const submitOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (
      event.key !== 'Enter' ||
      event.nativeEvent.isComposing ||
      !(event.target instanceof HTMLInputElement)
    )
      return;
    // An open Select takes its own Enter (choosing an option).
    if (
      event.target.getAttribute('role') === 'combobox' &&
      event.target.getAttribute('aria-expanded') === 'true'
    )
      return;
    event.preventDefault();
    form.submit();
  };

  return (
    <Modal
      open
      title={title}
      onCancel={close}
      mask={{ closable: false }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {saving ? pendingText : submitText}
          </Button>
        </Flex>
      }
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={submit}
        onKeyDown={submitOnEnter}
        aria-label={title}
      >
        {children}
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
      <DiscardChangesDialog open={askingToDiscard} onDiscard={onClose} onKeepEditing={() => setAskingToDiscard(false)} />
    </Modal>
  );
}
