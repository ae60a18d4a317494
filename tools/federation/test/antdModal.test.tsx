// The shared antd's Modal (tools/federation/antd-modal.mjs) is in the deferred chunk: a closed Modal
// draws nothing and loads nothing; opened, it loads the chunk and shows the real dialog; a dialog of
// useModal (the `modal` of App.useApp) or Modal.confirm opened before the chunk is in shows once it
// is, with the updates made meanwhile, and one destroyed meanwhile never shows.
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';

// One React and one antd for every fresh copy of antd-modal.mjs below.
const mockReact = jest.requireActual('react');
const mockAntd = jest.requireActual('antd');
// The chunk: its load fails while the connection is down (the offline test).
let mockOffline = false;
jest.mock('../antd-deferred.mjs', () => {
  if (mockOffline) throw new Error('Loading chunk antd-deferred failed.');
  return mockAntd;
});

type AntdModal = {
  Modal: typeof import('antd').Modal;
  useModal: typeof import('antd').Modal.useModal;
};

/** Whether the deferred chunk is in, for the page freshModal last gave. */
let chunkLoaded: () => boolean = () => false;

/** antd-modal.mjs as a page that has not loaded the chunk yet sees it (a module registry of its own). */
function freshModal(): AntdModal {
  let fresh: AntdModal | undefined;
  // The chunk's import() runs later, in the file's own registry: forget a chunk an earlier test
  // loaded there, so this page asks for it anew (and fails while offline), whatever ran before.
  jest.resetModules();
  jest.isolateModules(() => {
    jest.doMock('react', () => mockReact);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    fresh = require('../antd-modal.mjs') as AntdModal;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadedDeferred } = require('../antd-deferred-load.mjs') as {
      loadedDeferred: () => unknown;
    };
    chunkLoaded = () => loadedDeferred() !== null;
  });
  return fresh!;
}

test("offline, a confirm asks with the browser's own dialog and acts on its answer; the next call loads the chunk again", async () => {
  mockOffline = true;
  const { Modal } = freshModal();
  const onOk = jest.fn();
  const ask = jest.spyOn(window, 'confirm').mockReturnValue(true);
  try {
    let confirmed: boolean | undefined;
    await act(async () => {
      const instance = Modal.confirm({ title: 'Are you sure you want to sign out?', onOk });
      instance.update({ title: 'Sign out now?' });
      // (antd types the static form's instance without the hook's then(); ours has it)
      void (instance as unknown as PromiseLike<boolean>).then((ok) => (confirmed = ok));
    });
    await waitFor(() => expect(confirmed).toBe(true));
    expect(ask).toHaveBeenCalledWith('Sign out now?');
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    mockOffline = false;
    await act(async () => void Modal.confirm({ title: 'Back online' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Back online');
    expect(ask).toHaveBeenCalledTimes(1);
    await act(async () => Modal.destroyAll());
  } finally {
    ask.mockRestore();
    mockOffline = false;
  }
});

function Dialog({ Modal }: AntdModal) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit</button>
      <Modal open={open} title="Edit project" onCancel={() => setOpen(false)}>
        <p>The form</p>
      </Modal>
    </>
  );
}

test('a closed Modal draws and loads nothing; opened, the real dialog shows, and closes', async () => {
  render(<Dialog {...freshModal()} />);
  await act(async () => undefined);
  expect(chunkLoaded()).toBe(false);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit' })));
  const dialog = await screen.findByRole('dialog');
  expect(chunkLoaded()).toBe(true);
  expect(dialog).toHaveTextContent('Edit project');
  expect(dialog).toHaveTextContent('The form');

  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByText('The form')).not.toBeVisible());
});

type ModalApi = ReturnType<AntdModal['useModal']>[0];

function Host({
  useModal,
  onApi,
}: {
  useModal: AntdModal['useModal'];
  onApi: (api: ModalApi) => void;
}) {
  const [modal, holder] = useModal();
  onApi(modal);
  return <>{holder}</>;
}

/** A component rendering useModal's holder, before the chunk is in: its functions. */
function renderHost(): ModalApi {
  let api: ModalApi | undefined;
  render(<Host useModal={freshModal().useModal} onApi={(a) => (api = a)} />);
  expect(chunkLoaded()).toBe(false);
  return api!;
}

test('a confirm opened before the chunk is in shows with its updates once it is, and resolves as it closes', async () => {
  const api = renderHost();
  let confirmed: boolean | undefined;
  await act(async () => {
    const instance = api.confirm({
      title: 'Are you sure you want to sign out?',
      okText: 'Sign Out',
      cancelText: 'Cancel',
    });
    instance.update({ content: 'Unsaved changes stay here.' });
    void instance.then(
      (ok) => (confirmed = ok),
      () => undefined,
    );
  });
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Are you sure you want to sign out?');
  expect(dialog).toHaveTextContent('Unsaved changes stay here.');

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })));
  await waitFor(() => expect(confirmed).toBe(true));
});

test('a confirm destroyed before the chunk is in never shows (and resolves as cancelled)', async () => {
  const api = renderHost();
  let confirmed: boolean | undefined;
  await act(async () => {
    const instance = api.confirm({ title: 'Never shown' });
    instance.destroy();
    void instance.then(
      (ok) => (confirmed = ok),
      () => undefined,
    );
  });
  await waitFor(() => expect(confirmed).toBe(false));
  expect(chunkLoaded()).toBe(true);
  expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
});

test('Modal.confirm, antd static form, opens the real confirm once the chunk is in', async () => {
  const { Modal } = freshModal();
  await act(async () => void Modal.confirm({ title: 'Refund this order?' }));
  expect(await screen.findByRole('dialog')).toHaveTextContent('Refund this order?');
  expect(chunkLoaded()).toBe(true);
  await act(async () => Modal.destroyAll());
});

/** An element of a dialog in the middle of antd's open or close motion (rc-motion's `<name>-appear`, `-enter`, `-leave` classes). */
const IN_MOTION = /-(appear|enter|leave)(-|\s|$)/;

/** The dialogs in the page, once they are shown and done opening: no part of them in motion any more. */
async function settledDialogs(): Promise<string> {
  await screen.findAllByRole('dialog');
  const roots = () => [...document.body.querySelectorAll('.ant-modal-root')];
  await waitFor(() => {
    const moving = roots().flatMap((root) => [root, ...root.querySelectorAll('*')]).filter((el) => IN_MOTION.test(el.getAttribute('class') ?? ''));
    expect(moving.map((el) => el.getAttribute('class'))).toEqual([]);
  });
  return roots().map((root) => root.outerHTML).join('\n');
}

test("an open Modal's dialog is antd's own Modal's, markup for markup", async () => {
  const { Modal } = freshModal();
  const dialog = (M: typeof Modal) => (
    <M open title="Edit project" okText="Save">
      <p>The form</p>
    </M>
  );
  let ours: ReturnType<typeof render> | undefined;
  await act(async () => void (ours = render(dialog(Modal))));
  const oursHtml = await settledDialogs();
  ours!.unmount();
  let antds: ReturnType<typeof render> | undefined;
  await act(async () => void (antds = render(dialog(mockAntd.Modal))));
  const antdsHtml = await settledDialogs();
  antds!.unmount();
  expect(oursHtml).toContain('The form');
  expect(oursHtml).toBe(antdsHtml);
});

test("Modal.confirm's dialog is antd's own confirm's, markup for markup", async () => {
  const { Modal } = freshModal();
  const config = { title: 'Refund this order?', content: 'The customer gets 12.00 back.', okText: 'Refund' };
  const dialogOf = async (confirm: (c: typeof config) => unknown, destroyAll: () => void) => {
    await act(async () => void confirm(config));
    const html = await settledDialogs();
    await act(async () => destroyAll());
    await waitFor(() => expect(document.body.querySelector('.ant-modal-root')).toBeNull());
    return html;
  };
  const ours = await dialogOf(Modal.confirm, Modal.destroyAll);
  const antds = await dialogOf(mockAntd.Modal.confirm, mockAntd.Modal.destroyAll);
  expect(ours).toContain('Refund this order?');
  expect(ours).toBe(antds);
});

test("a confirm of useModal (App.useApp().modal) is antd's own hook's confirm, markup for markup", async () => {
  const config = { title: 'Are you sure you want to sign out?', okText: 'Sign Out', cancelText: 'Cancel' };
  const dialogOf = async (useModal: AntdModal['useModal']) => {
    let api: ModalApi | undefined;
    let view: ReturnType<typeof render> | undefined;
    await act(async () => void (view = render(<Host useModal={useModal} onApi={(a) => (api = a)} />)));
    await act(async () => void api!.confirm(config));
    const html = await settledDialogs();
    view!.unmount();
    await waitFor(() => expect(document.body.querySelector('.ant-modal-root')).toBeNull());
    return html;
  };
  const ours = await dialogOf(freshModal().useModal);
  const antds = await dialogOf(mockAntd.Modal.useModal);
  expect(ours).toContain('Sign Out');
  expect(ours).toBe(antds);
});
