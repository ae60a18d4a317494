import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { type Role, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { ROLE_OPTIONS } from './AdministratorsTab';
import { addAdministrator, keys } from '../api';

interface Fields {
  username: string;
  role: Role;
  password: string;
}

/** Username, role and a first password; the API's refusals (weak password, taken name) show here. */
export function AddAdministratorDialog({ toast, onClose }: { toast: ToastApi; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const submit = async (fields: Fields) => {
    setSaving(true);
    setError(null);
    try {
      await addAdministrator({ ...fields, username: fields.username.trim() });
      await queryClient.invalidateQueries({ queryKey: keys.administrators() });
      toast.success(`Administrator ${fields.username.trim()} added`);
      onClose();
    } catch (err) {
      setError(toApiError(err).message);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Add administrator"
      okText={saving ? 'Adding...' : 'Add administrator'}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ role: 'viewer' }} requiredMark={false}>
        <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: 'Enter a username' }]}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role">
          <Select<Role> options={ROLE_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          extra="At least 12 characters, not containing the username"
          rules={[{ required: true, message: 'Enter a password' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
