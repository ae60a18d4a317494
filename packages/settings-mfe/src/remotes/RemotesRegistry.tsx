import { useState } from 'react';
import { Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { NewDeployToken, ToastApi } from '@growth-admin/shared-client';
import { AddRemoteDialog } from './AddRemoteDialog';
import { DeployTokensList } from './DeployTokensList';
import { NewTokenDialog } from './NewTokenDialog';
import { RemotesList } from './RemotesList';
import { TokenShownOnce } from './TokenShownOnce';
import { queries } from '../api';
import { useFocusReturn } from '@growth-admin/ui-kit';

type Dialog =
  | { kind: 'add-remote' }
  | { kind: 'new-token' }
  | { kind: 'token'; created: NewDeployToken; remote: string; origin?: string }
  | null;

/**
 * The owners' part of Settings → Remotes: the registry's remotes and their deploy tokens. A remote
 * is added here (with its first token), decommissioned, and tokens made and revoked; a new token is
 * shown once.
 */
export function RemotesRegistry({
  toast,
  suggestedOrigin,
}: {
  toast: ToastApi;
  suggestedOrigin: string;
}) {
  const remotes = useQuery(queries.remotes());
  const live = (remotes.data ?? []).filter((r) => !r.decommissionedAt);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialogs unmount on close: the focus goes back to Add remote or New token.
  const focusReturn = useFocusReturn();
  const open = (next: NonNullable<Dialog>) => {
    focusReturn.remember();
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    focusReturn.restore();
  };

  return (
    <Flex vertical gap={16}>
      <RemotesList toast={toast} onAdd={() => open({ kind: 'add-remote' })} />
      <DeployTokensList
        toast={toast}
        canCreate={live.length > 0}
        onCreate={() => open({ kind: 'new-token' })}
      />
      {dialog?.kind === 'add-remote' && (
        <AddRemoteDialog
          suggestedOrigin={suggestedOrigin}
          toast={toast}
          onClose={close}
          onCreated={(remote, created) =>
            setDialog({ kind: 'token', created, remote: remote.name, origin: remote.origin })
          }
        />
      )}
      {dialog?.kind === 'new-token' && (
        <NewTokenDialog
          remotes={live}
          toast={toast}
          onClose={close}
          onCreated={(created) => {
            const remote = live.find((r) => r.name === created.deployToken.remote);
            setDialog({
              kind: 'token',
              created,
              remote: created.deployToken.remote ?? '',
              origin: remote?.origin,
            });
          }}
        />
      )}
      {dialog?.kind === 'token' && (
        <TokenShownOnce
          created={dialog.created}
          remote={dialog.remote}
          origin={dialog.origin}
          toast={toast}
          onClose={close}
        />
      )}
    </Flex>
  );
}
