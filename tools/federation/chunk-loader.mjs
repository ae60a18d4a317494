// One async chunk of the shared antd (antd-deferred.mjs, antd-date-picker.mjs), asked for once.
/* global window */

/**
 * `load()` gives the chunk's module, asking for it the first time (after a failed load, the next
 * call asks again); `loaded()` is the module once it is in, else null; `subscribe(notify)` calls
 * `notify` when it comes in (returns the unsubscribe), for useSyncExternalStore or an effect.
 */
export function chunkLoader(importChunk) {
  let loading = null;
  let module = null;
  const waiting = new Set();
  return {
    load: () =>
      (loading ??= importChunk().then(
        (m) => {
          module = m;
          // React's mark of a settled promise: `use(load())` then answers at once, never suspending
          // again (a render that suspended on it and one that did not call use() the same way).
          Object.assign(loading, { status: 'fulfilled', value: m });
          waiting.forEach((notify) => notify());
          return m;
        },
        (err) => {
          loading = null;
          throw err;
        },
      )),
    loaded: () => module,
    subscribe(notify) {
      waiting.add(notify);
      return () => void waiting.delete(notify);
    },
  };
}

/** Warms the chunk once the first screen has had its turn (4 s, then when idle), so a later screen finds it in. */
export function warmLater({ load }) {
  if (typeof window === 'undefined') return;
  const idle = window.requestIdleCallback ?? ((cb) => setTimeout(cb, 0));
  setTimeout(() => idle(() => void load().catch(() => undefined)), 4000);
}
