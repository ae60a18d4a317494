import { Form, Input, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { type NewDeployToken, type RemoteRecord, type ToastApi } from '@growth-admin/shared-client';
import { FormDialog } from './FormDialog';
import { EXPIRY_DEFAULT_DAYS, expiryError, ruleOf, tokenNameError } from './remoteForm';
import { createDeployToken, keys } from '../api';

interface Fields {
  name: string;
  remote: string;
  expiresInDays: string;
}

interface Props {
  /** The live remotes: a token is scoped to one of them. */
  remotes: RemoteRecord[];
  toast: ToastApi;
  onCreated(token: NewDeployToken): void;
  onClose(): void;
}

/** New token: a name, one live remote, days until it expires (1-365, 90 unless changed). */
export function NewTokenDialog({ remotes, toast, onCreated, onClose }: Props) {
  const [form] = Form.useForm<Fields>();
  const queryClient = useQueryClient();

  const submit = async ({ name, remote, expiresInDays }: Fields) => {
    const created = await createDeployToken({ name, remote, expiresInDays: Number(expiresInDays) });
    await queryClient.invalidateQueries({ queryKey: keys.deployTokens() });
    toast.success(`Deploy token ${created.deployToken.name} made`);
    onCreated(created);
  };

  return (
    <FormDialog<Fields>
      title="New deploy token"
      submitText="Make token"
      pendingText="Making..."
      form={form}
      initialValues={{
        expiresInDays: String(EXPIRY_DEFAULT_DAYS),
        remote: remotes.length === 1 ? remotes[0].name : undefined,
      }}
      onSubmit={submit}
      fieldOfError={(error) =>
        error.code === 'TOKEN_EXISTS' ? 'name' : error.code === 'UNKNOWN_REMOTE' ? 'remote' : null
      }
      onClose={onClose}
    >
      <Form.Item
        label="Name"
        name="name"
        extra="Letters, digits and . _ - (100 at most), e.g. tickets-ci"
        rules={[ruleOf(tokenNameError)]}
      >
        <Input autoFocus autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item
        label="Remote"
        name="remote"
        extra="The one remote it may release, promote and roll back"
        rules={[{ required: true, message: 'Choose a remote' }]}
      >
        <Select
          options={remotes.map((r) => ({ value: r.name, label: `${r.name} (${r.team})` }))}
          placeholder="Choose a live remote"
        />
      </Form.Item>
      <Form.Item
        label="Expires in (days)"
        name="expiresInDays"
        extra="1 to 365"
        rules={[ruleOf(expiryError)]}
      >
        <Input type="number" min={1} max={365} step={1} inputMode="numeric" />
      </Form.Item>
    </FormDialog>
  );
}
