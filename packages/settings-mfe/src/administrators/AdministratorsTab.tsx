import { useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Select, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Administrator, type Role, type SectionProps, toApiError } from '@growth-admin/shared-client';
import { AddAdministratorDialog } from './AddAdministratorDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { queries, keys, updateAdministrator } from '../api';
import { formatDate, StatusTag } from '@growth-admin/ui-kit';

export const ROLE_OPTIONS: Array<{ value: Role; label: string }> = [
  { value: 'owner', label: 'Owner' },
  { value: 'operator', label: 'Operator' },
  { value: 'viewer', label: 'Viewer' },
];

/** Owners: every administrator, their role, disable / enable, reset password, add one. */
export function AdministratorsTab({ user, toast }: SectionProps) {
  const admins = useQuery(queries.administrators());
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<Administrator | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const change = async (admin: Administrator, body: { role?: Role; disabled?: boolean }, done: string) => {
    setBusy(admin.id);
    try {
      await updateAdministrator(admin.id, body);
      toast.success(done);
    } catch (err) {
      toast.error(toApiError(err).message);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: keys.administrators() });
    }
  };

  return (
    <Card>
      <Flex justify="end" style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setAdding(true)}>
          Add administrator
        </Button>
      </Flex>
      {admins.isError && <Alert type="error" showIcon title={`Error loading administrators: ${toApiError(admins.error).message}`} style={{ marginBottom: 16 }} />}
      <Table<Administrator>
        rowKey="id"
        loading={admins.isFetching}
        dataSource={admins.data ?? []}
        pagination={false}
        locale={{ emptyText: admins.isPending ? 'Loading administrators...' : 'No administrators' }}
        columns={[
          { title: 'Username', dataIndex: 'username', render: (name: string) => (name === user.username ? `${name} (you)` : name) },
          {
            title: 'Role',
            key: 'role',
            render: (_, admin) => (
              <Select<Role>
                aria-label={`Role of ${admin.username}`}
                value={admin.role}
                options={ROLE_OPTIONS}
                disabled={busy === admin.id}
                onChange={(role) => void change(admin, { role }, `${admin.username} is now ${role}`)}
                style={{ width: 130 }}
              />
            ),
          },
          {
            title: 'Status',
            key: 'status',
            render: (_, admin) => <StatusTag colour={admin.disabled ? '#6B7280' : '#10B981'}>{admin.disabled ? 'Disabled' : 'Active'}</StatusTag>,
          },
          { title: 'Added', dataIndex: 'createdAt', render: (at: string) => formatDate(at) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, admin) => (
              <Flex gap={8}>
                {admin.disabled ? (
                  <Button size="small" disabled={busy === admin.id} onClick={() => void change(admin, { disabled: false }, `${admin.username} enabled`)}>
                    Enable
                  </Button>
                ) : (
                  <Popconfirm
                    title={`Disable ${admin.username}?`}
                    description="Their sessions end at once."
                    okText="Disable"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => change(admin, { disabled: true }, `${admin.username} disabled`)}
                  >
                    <Button size="small" danger disabled={busy === admin.id}>
                      Disable
                    </Button>
                  </Popconfirm>
                )}
                <Button size="small" onClick={() => setResetting(admin)}>
                  Reset password
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {adding && <AddAdministratorDialog toast={toast} onClose={() => setAdding(false)} />}
      {resetting && <ResetPasswordDialog admin={resetting} toast={toast} onClose={() => setResetting(null)} />}
    </Card>
  );
}
