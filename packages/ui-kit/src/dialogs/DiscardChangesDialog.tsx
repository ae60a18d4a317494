// The one question before a form dialog with changes closes (Escape, the close button): every
// remote's form dialogs ask it with the same words, and Keep editing keeps what was typed.
import { Modal } from 'antd';

export const DISCARD_CHANGES_TITLE = 'Discard your changes?';

export function DiscardChangesDialog({ open, onDiscard, onKeepEditing }: { open: boolean; onDiscard: () => void; onKeepEditing: () => void }) {
  return (
    <Modal
      open={open}
      title={DISCARD_CHANGES_TITLE}
      okText="Discard"
      okButtonProps={{ danger: true }}
      cancelText="Keep editing"
      onOk={onDiscard}
      onCancel={onKeepEditing}
      width={420}
      destroyOnHidden
    >
      What you changed in this dialog will be lost.
    </Modal>
  );
}
