import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { getClientConfig, type NewDeployToken, type ToastApi } from '@growth-admin/shared-client';
import { formatDate } from '@growth-admin/ui-kit';

interface Props {
  /** The token just made; the API never answers it again. */
  created: NewDeployToken;
  /** The remote it may release, and the origin its files are served from. */
  remote: string;
  origin?: string;
  toast: ToastApi;
  onClose(): void;
}

/** How the team releases with the token: the five lines they need. */
export function releaseHowTo(remote: string, origin: string | undefined, apiUrl: string): string {
  return [
    `# 1. Build ${remote}: its dist holds mf-manifest.json${origin ? `; its files are served from ${origin}` : ''}`,
    `# 2. Upload, check against the shell and register it (--canary 10: a share of the administrators first):`,
    `DEPLOY_TOKEN=<the token above> API_URL=${apiUrl} npm run release -- ${remote} --dist <your dist>`,
    `# Or plain HTTP: POST ${apiUrl}/api/admin/releases { remote: "${remote}", version, manifestUrl, files }`,
    `#   with Authorization: Bearer <the token above>, signed as every admin API call.`,
  ].join('\n');
}

/**
 * A new deploy token, shown this once with a Copy button and how the team releases with it. Closing
 * before copying asks first: the token cannot be shown again.
 */
export function TokenShownOnce({ created, remote, origin, toast, onClose }: Props) {
  const [copied, setCopied] = useState(false);
  const [askingToClose, setAskingToClose] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
      toast.success('Token copied');
    } catch {
      toast.error('Could not copy: select the token and copy it yourself');
    }
  };

  return (
    <Modal
      open
      title={`Deploy token ${created.deployToken.name}`}
      onCancel={() => (copied ? onClose() : setAskingToClose(true))}
      mask={{ closable: false }}
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon title="Copy this token now: it will not be shown again." />
        <Flex gap={8}>
          <Input
            readOnly
            value={created.token}
            aria-label="Deploy token"
            onFocus={(e) => e.target.select()}
            style={{ fontFamily: 'monospace' }}
          />
          <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</Button>
        </Flex>
        <Typography.Text>
          It may release, promote and roll back {remote} only
          {created.deployToken.expiresAt
            ? `, until ${formatDate(created.deployToken.expiresAt)}`
            : ''}
          . For the team of {remote}:
        </Typography.Text>
        <pre
          aria-label={`How to release ${remote}`}
          style={{ margin: 0, padding: 12, overflowX: 'auto', whiteSpace: 'pre', fontSize: 12 }}
        >
          {releaseHowTo(remote, origin, getClientConfig().apiBaseUrl)}
        </pre>
      </Flex>
      <Modal
        open={askingToClose}
        title="Close without copying the token?"
        okText="Close"
        okButtonProps={{ danger: true }}
        cancelText="Back to the token"
        onOk={onClose}
        onCancel={() => setAskingToClose(false)}
        width={420}
        destroyOnHidden
      >
        It will not be shown again; you would have to make a new one.
      </Modal>
    </Modal>
  );
}
