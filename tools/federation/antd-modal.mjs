// antd's Modal (10 kB gzip off the first screen with its dialog, motion and confirm) is in the deferred antd (antd-deferred.mjs):
// no first screen opens a dialog. What stands in for it here keeps antd's API:
//   - <Modal> draws nothing until it is first open (nor does antd's: its portal waits for that too),
//     then the real one, the chunk loaded on that first opening;
//   - Modal.confirm, .info, … and the `modal` of App.useApp() (antd's App gets useModal from here,
//     build.mjs) return at once an instance (destroy, update, then) that the real dialog takes over
//     once the chunk is in; the hook's holder renders the real one's only from then on. Where the
//     chunk cannot load (offline), the browser's own dialog asks instead: signing out still works.
/* global window */
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
 * The browser's own dialog, for a dialog whose code could not load (the connection is down): a
 * confirmation (signing out) still asks and still acts. Says whether it was confirmed.
 */
function browserDialog(type, config) {
  const text =
    [config.title, config.content].filter((part) => typeof part === 'string').join('\n\n') ||
    'Continue?';
  if (type === 'confirm') {
    const confirmed = window.confirm(text);
    if (confirmed) config.onOk?.();
    else config.onCancel?.();
    return confirmed;
  }
  window.alert(text);
  config.onOk?.();
  return true;
}

/**
 * An instance of a `type` dialog opened once `ready()` settles, by `open` (an antd instance):
 * destroy and update wait for it, then() resolves as antd's does when it closes (false when
 * destroyed first). Where the chunk cannot load, the browser's dialog asks instead.
 */
function openWhenReady(type, config, ready, open) {
  let instance = null;
  let destroyed = false;
  let answered = null; // (the browser dialog's answer)
  const updates = [];
  // (settles with nothing: an antd instance is a thenable, which a promise would wait to close)
  const opened = ready().then(
    (value) => {
      if (destroyed) return;
      instance = open(value);
      updates.splice(0).forEach((update) => instance.update(update));
    },
    () => {
      if (destroyed) return;
      const latest = updates.reduce(
        (merged, update) => ({
          ...merged,
          ...(typeof update === 'function' ? update(merged) : update),
        }),
        config,
      );
      answered = browserDialog(type, latest);
    },
  );
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
      return opened.then(
        () => (instance ? instance.then(resolve, reject) : resolve?.(answered ?? false)),
        reject,
      );
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
  Modal[type] = (config) => openWhenReady(type, config, loadDeferred, (m) => m.Modal[type](config));
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
                  type,
                  config,
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
