// A remote's preview releases in Settings → Remotes (docs/screens.md): label, version, who, when,
// when it expires, notes, its link (open or copy), and for owners Delete behind a confirmation. Every
// administrator reads the list; the API lets owners (and the remote's own deploy token) delete.
import { useState } from 'react';
import { Button, Flex, Modal, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiError, type Preview, type ToastApi } from '@growth-admin/shared-client';
import { formatDate, LoadError, useFocusReturn } from '@growth-admin/ui-kit';
import { deletePreview, keys, queries } from '../api';

/** When a preview stops serving: its date, with "(expired)" once past. */
const expiry = (p: Preview) => (p.expired ? `${formatDate(p.expiresAt)} (expired)` : formatDate(p.expiresAt));

/** 'Delete preview pr-42 of orders?': what deleting does, said before it is confirmed. */
function DeletePreviewDialog({ remote, preview, toast, onClose }: { remote: string; preview: Preview; toast: ToastApi; onClose(): void }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await deletePreview(remote, preview.label);
      toast.success(`Preview ${preview.label} of ${remote} deleted`);
    } catch (err) {
      toast.error(toApiError(err).message);
    } finally {
      setDeleting(false);
      onClose();
      await queryClient.invalidateQueries({ queryKey: keys.previews(remote) });
    }
  };
  return (
    <Modal
      open
      title={`Delete preview ${preview.label} of ${remote}?`}
      okText="Delete"
      okButtonProps={{ danger: true, loading: deleting }}
      cancelText="Cancel"
      onOk={() => void confirm()}
      onCancel={onClose}
      width={460}
      destroyOnHidden
    >
      {`Its link stops working: whoever is in it sees the active release of ${remote} on their next page load. ${preview.version} stays in the release store.`}
    </Modal>
  );
}

export function RemotePreviews({ remote, owner, toast }: { remote: string; owner: boolean; toast: ToastApi }) {
  const previews = useQuery(queries.previews(remote));
  const [deleting, setDeleting] = useState<Preview | null>(null);
  // The dialog unmounts on close: the focus goes back to the Delete button that opened it (if it is still there).
  const focusReturn = useFocusReturn();
  const openDelete = (p: Preview) => {
    focusReturn.remember();
    setDeleting(p);
  };
  const closeDelete = () => {
    setDeleting(null);
    focusReturn.restore();
  };

  const copy = async (p: Preview) => {
    try {
      await navigator.clipboard.writeText(p.link);
      toast.success(`The link of ${p.label} is copied`);
    } catch (err) {
      toast.error(`Could not copy the link of ${p.label}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return (
    <>
      {previews.isError && (
        <LoadError
          title={`Error loading the previews of ${remote}: ${toApiError(previews.error).message}`}
          retrying={previews.isFetching}
          onRetry={() => void previews.refetch()}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<Preview>
        rowKey="label"
        size="small"
        title={() => 'Previews'}
        aria-label={`Previews of ${remote}`}
        loading={previews.isFetching}
        dataSource={previews.data ?? []}
        pagination={false}
        locale={{
          // In the text's own colour: antd draws a table's empty text too faint to read (WCAG contrast).
          emptyText: (
            <Typography.Text>
              {previews.isPending
                ? 'Loading the previews...'
                : previews.isError
                  ? 'Not loaded'
                  : `No previews: npm run release -- ${remote} --preview <label> makes one`}
            </Typography.Text>
          ),
        }}
        columns={[
          { title: 'Label', dataIndex: 'label' },
          { title: 'Version', dataIndex: 'version' },
          { title: 'By', dataIndex: 'createdBy' },
          { title: 'Created', dataIndex: 'createdAt', render: (at: string) => formatDate(at) },
          { title: 'Expires', key: 'expires', render: (_, p) => expiry(p) },
          { title: 'Notes', dataIndex: 'notes' },
          {
            title: 'Link',
            key: 'link',
            render: (_, p) => (
              <Flex gap={8} align="center">
                <a href={p.link} aria-label={`Open preview ${p.label}`}>
                  Open
                </a>
                <Button size="small" aria-label={`Copy link of ${p.label}`} onClick={() => void copy(p)}>
                  Copy link
                </Button>
              </Flex>
            ),
          },
          ...(owner
            ? [
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_: unknown, p: Preview) => (
                    <Button size="small" danger aria-label={`Delete ${p.label}`} onClick={() => openDelete(p)}>
                      Delete
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {deleting && <DeletePreviewDialog remote={remote} preview={deleting} toast={toast} onClose={closeDelete} />}
    </>
  );
}
