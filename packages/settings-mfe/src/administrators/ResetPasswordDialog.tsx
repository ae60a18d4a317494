import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { type Administrator, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { updateAdministrator } from '../api';

/** A new password for another administrator; their sessions end. */
export function ResetPasswordDialog({ admin, toast, onClose }: { admin: Administrator; toast: ToastApi; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ password }: { password: string }) => {
    setSaving(true);
    setError(null);
    try {
      await updateAdministrator(admin.id, { password });
      toast.success(`Password of ${admin.username} reset; their sessions ended`);
      onClose();
    } catch (err) {
      setError(toApiError(err).message);
      setSaving(false);
    }
  };

  return (
    <Modal open title={`Reset password of ${admin.username}`} okText="Reset password" okButtonProps={{ loading: saving }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="New password" name="password" extra="At least 12 characters, not containing the username" rules={[{ required: true, message: 'Enter a password' }]}>
          <Input.Password autoFocus autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
