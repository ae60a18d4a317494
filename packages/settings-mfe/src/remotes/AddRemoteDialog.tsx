import { Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { type NewDeployToken, type RemoteRecord, type ToastApi } from '@growth-admin/shared-client';
import { FormDialog } from './FormDialog';
import { originError, remoteNameError, ruleOf, teamError } from './remoteForm';
import { createRemote, keys, type NewRemoteInput } from '../api';

interface Props {
  /** Where releases are served from today: the origin field starts with it. */
  suggestedOrigin: string;
  toast: ToastApi;
  onCreated(remote: RemoteRecord, token: NewDeployToken): void;
  onClose(): void;
}

/** Add remote: name, team, origin; a taken name is said at the name field. */
export function AddRemoteDialog({ suggestedOrigin, toast, onCreated, onClose }: Props) {
  const [form] = Form.useForm<NewRemoteInput>();
  const queryClient = useQueryClient();

  const submit = async (fields: NewRemoteInput) => {
    const { remote, deployToken } = await createRemote({
      name: fields.name,
      team: fields.team.trim(),
      origin: fields.origin.trim(),
    });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.remotes() }),
      queryClient.invalidateQueries({ queryKey: keys.deployTokens() }),
    ]);
    toast.success(`Remote ${remote.name} added`);
    onCreated(remote, deployToken);
  };

  return (
    <FormDialog<NewRemoteInput>
      title="Add remote"
      submitText="Add remote"
      pendingText="Adding..."
      form={form}
      initialValues={{ origin: suggestedOrigin }}
      onSubmit={submit}
      fieldOfError={(error) => (error.code === 'REMOTE_EXISTS' ? 'name' : null)}
      onClose={onClose}
    >
      <Form.Item
        label="Name"
        name="name"
        extra="Its federation name: lower-case letters, digits and -, starting with a letter (40 at most)"
        rules={[ruleOf(remoteNameError)]}
      >
        <Input autoFocus autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item
        label="Team"
        name="team"
        extra="The team that builds and releases it"
        rules={[ruleOf(teamError)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Origin"
        name="origin"
        extra="Where its files are served from: http(s)://host[:port], no path"
        rules={[ruleOf(originError)]}
      >
        <Input autoComplete="off" spellCheck={false} inputMode="url" />
      </Form.Item>
    </FormDialog>
  );
}
