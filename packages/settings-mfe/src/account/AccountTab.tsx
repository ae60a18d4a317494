import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input } from 'antd';
import { type SectionProps, throttleRefusalOf, toApiError } from '@growth-admin/shared-client';
import { changeOwnPassword } from '../api';
import { useThrottleCountdown } from '@growth-admin/ui-kit';

/**
 * Who I am, and my password: the current one first; my other sessions end when it changes. A wrong
 * current password spends the same throttle as sign-in and step-up: past its limit the tab says
 * which limit, counts down, and Change password waits.
 */
export function AccountTab({ user, toast }: SectionProps) {
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; repeat: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const throttle = useThrottleCountdown();

  const submit = async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
    if (throttle.active) return;
    setSaving(true);
    setError(null);
    try {
      const { otherSessionsEnded } = await changeOwnPassword({ currentPassword, newPassword });
      toast.success(`Password changed${otherSessionsEnded ? `; ${otherSessionsEnded} other session(s) signed out` : ''}`);
      form.resetFields();
    } catch (err) {
      const refusal = throttleRefusalOf(err);
      throttle.start(refusal);
      setError(refusal ? null : toApiError(err).message); // the typed passwords stay, to correct
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <Descriptions column={1} size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="Signed in as">{user.username}</Descriptions.Item>
        <Descriptions.Item label="Role">{user.role ?? 'viewer'}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }} requiredMark={false}>
        <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Enter your current password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          extra="At least 12 characters, not containing your username"
          rules={[
            { required: true, message: 'Enter a new password' },
            { min: 12, message: 'The password must have at least 12 characters' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Repeat the new password"
          name="repeat"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Repeat the new password' },
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('The two passwords differ'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {(throttle.message ?? error) && <Alert type="error" showIcon title={throttle.message ?? error} role="alert" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={saving} disabled={throttle.active}>
          {saving ? 'Saving...' : 'Change password'}
        </Button>
      </Form>
    </Card>
  );
}
