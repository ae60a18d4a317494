// antd's Modal (8 kB gzip with its dialog, motion and confirm) is in the deferred antd (antd-deferred.mjs):
// no first screen opens a dialog. What stands in for it here keeps antd's API:
//   - <Modal> draws nothing until it is first open (nor does antd's: its portal waits for that too),
//     then the real one, the chunk loaded on that first opening;
//   - Modal.confirm, .info, … and the `modal` of App.useApp() (antd's App gets useModal from here,
//     build.mjs) return at once an instance (destroy, update, then) that the real dialog takes over
//     once the chunk is in; the hook's holder renders the real one's only from then on.
import { createElement, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  deferredComponent,
  loadDeferred,
  loadedDeferred,
  subscribeDeferred,
} from './antd-deferred-load.mjs';

const TYPES = ['info', 'success', 'error', 'warning', 'confirm'];
const RealModal = deferredComponent('Modal');

/**
 * An instance of a dialog opened once `ready()` settles, by `open` (an antd instance): destroy and
 * update wait for it, then() resolves as antd's does when it closes (false when destroyed first).
 */
function openWhenReady(ready, open) {
  let instance = null;
  let destroyed = false;
  const updates = [];
  // (settles with nothing: an antd instance is a thenable, which a promise would wait to close)
  const opened = ready().then((value) => {
    if (destroyed) return;
    instance = open(value);
    updates.splice(0).forEach((update) => instance.update(update));
  });
  opened.catch(() => undefined); // (a failed chunk: the next call loads it again)
  return {
    destroy() {
      destroyed = true;
      instance?.destroy();
    },
    update(update) {
      if (instance) instance.update(update);
      else updates.push(update);
    },
    then(resolve, reject) {
      return opened.then(() => (instance ? instance.then(resolve) : resolve?.(false)), reject);
    },
  };
}

export function Modal(props) {
  const [mounted, setMounted] = useState(Boolean(props.forceRender));
  const opening = Boolean(props.open) && !mounted;
  useEffect(() => {
    if (opening) setMounted(true);
  }, [opening]);
  if (!mounted && !props.open) return null;
  // Opened the first time, the real one mounts closed and opens just after, as antd's own does when
  // it was mounted before: its dialog then shows a moment after the click that opens it, so the
  // second click of a double click lands on the button again, not on the dialog's mask (closing it).
  return createElement(RealModal, mounted ? props : { ...props, open: false });
}
Modal.displayName = 'Modal';

for (const type of TYPES) {
  Modal[type] = (config) => openWhenReady(loadDeferred, (m) => m.Modal[type](config));
}
Modal.warn = Modal.warning;
Modal.destroyAll = () => loadedDeferred()?.Modal.destroyAll();
Modal.config = (config) =>
  void loadDeferred().then(
    (m) => m.Modal.config(config),
    () => undefined,
  );

/** The real useModal's holder, rendered once the chunk is in: hands its functions to `onApi`. */
function LoadedHolder({ onApi }) {
  const [api, holder] = loadedDeferred().Modal.useModal();
  useEffect(() => onApi(api), [api, onApi]);
  return holder;
}

function Holder({ onApi }) {
  const loaded = useSyncExternalStore(subscribeDeferred, loadedDeferred, loadedDeferred);
  return loaded ? createElement(LoadedHolder, { onApi }) : null;
}

/** antd's Modal.useModal: [functions, holder to render]; a call before the chunk is in loads it. */
export function useModal() {
  const api = useRef(null);
  const [ready] = useState(() => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return { promise, resolve };
  });
  const onApi = useMemo(
    () => (real) => {
      api.current = real;
      ready.resolve(real);
    },
    [ready],
  );
  const fns = useMemo(
    () =>
      Object.fromEntries(
        TYPES.map((type) => [
          type,
          (config) =>
            api.current
              ? api.current[type](config)
              : openWhenReady(
                  () => loadDeferred().then(() => ready.promise),
                  (real) => real[type](config),
                ),
        ]),
      ),
    [ready],
  );
  return [fns, createElement(Holder, { key: 'modal-holder', onApi })];
}
Modal.useModal = useModal;
