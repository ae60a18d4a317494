// The override link asks first: a keyboard-usable dialog naming the remote and the origin its code
// would come from. Confirmed, the API records the override on this session (or refuses it, said in
// the dialog), the ticket is kept for the page's CSP, and the page loads again without the link.
import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { toApiError } from '@growth-admin/shared-client';
import { setOverride } from './api';
import { withoutOverrideLink, type OverrideLink } from './link';
import { keepOverrideTicket } from './ticket';

const dropLink = () => window.history.replaceState(window.history.state, '', withoutOverrideLink(window.location.href));

export function OverrideConfirm({ link, onClose }: { link: OverrideLink | Error; onClose: () => void }) {
  const [loading, setLoading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    dropLink();
    onClose();
  };

  if (link instanceof Error) {
    return (
      <Modal open title="This override link cannot be used" onCancel={close} footer={<Button onClick={close}>Close</Button>}>
        <Alert type="error" showIcon message={link.message} />
      </Modal>
    );
  }

  const load = async () => {
    setLoading(true);
    setRefusal(null);
    try {
      const { ticket } = await setOverride(link.remote, link.manifestUrl);
      keepOverrideTicket(ticket);
      window.location.replace(withoutOverrideLink(window.location.href));
    } catch (err) {
      setRefusal(toApiError(err).message);
      setLoading(false);
    }
  };

  return (
    <Modal
      open
      title={`Load ${link.remote} from ${link.origin}?`}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="load" type="primary" loading={loading} onClick={load}>
          Load override
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        This session will run {link.remote} from <Typography.Text code>{link.manifestUrl}</Typography.Text>: a development build, not integrity-checked.
      </Typography.Paragraph>
      <Typography.Paragraph>Only this browser session gets it; other administrators, and your other sessions, keep the released {link.remote}. End it from its banner, or sign out.</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon message={`The override was refused: ${refusal}`} />}
    </Modal>
  );
}
