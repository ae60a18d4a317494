// Loads antd-deferred.mjs, the antd no first screen needs, and gives its exports as components
// that wait for it: used by the shared antd module (antd-shared.mjs) for what it exports, and by
// antd-inside/ for the parts of it that antd's own first-screen components import (build.mjs).
import { createElement, Suspense, use } from 'react';
import { chunkLoader, warmLater } from './chunk-loader.mjs';

const chunk = chunkLoader(
  () => import(/* webpackChunkName: "antd-deferred" */ './antd-deferred.mjs'),
);

/** The chunk's module, loaded once; after a failed load the next call tries again. */
export const loadDeferred = chunk.load;

/** The chunk's module if it is in (null before): with useSyncExternalStore, re-renders once it is. */
export const loadedDeferred = chunk.loaded;
export const subscribeDeferred = chunk.subscribe;

/**
 * antd-deferred.mjs's export at `path` ('Table', 'Form.Item', 'Form.useForm'): at once when the
 * chunk is in (its promise carries React's fulfilled mark, chunk-loader.mjs); until then the caller
 * suspends on it (React's `use`, not `lazy`: a loaded chunk renders in the same pass, with no
 * fallback committed and revealed up to 300 ms later), and after a failed load the next render (the
 * section's Retry) loads again. Always through `use`, so every render calls it the same way.
 */
const fromDeferred = (path) => path.split('.').reduce((value, key) => value[key], use(loadDeferred()));

/**
 * A component of antd-deferred.mjs (`path`), loaded on its first render. It suspends only itself
 * (showing `fallback(props)`, nothing by default), never the screen around it.
 */
export function deferredComponent(path, fallback = () => null) {
  function Loaded(props) {
    return createElement(fromDeferred(path), props);
  }
  function Deferred(props) {
    return createElement(Suspense, { fallback: fallback(props) }, createElement(Loaded, props));
  }
  Deferred.displayName = path;
  return Deferred;
}

/**
 * A component of antd-deferred.mjs with its static parts (`Form.Item`) and hooks (`Form.useForm`,
 * `Form.Item.useStatus`). A hook cannot wait by itself: the component calling it suspends until
 * the chunk is in, its Suspense boundary (a section's loading state) showing meanwhile.
 */
export function deferredCompound(name, { parts = [], hooks = [] }) {
  const component = deferredComponent(name);
  for (const part of parts) component[part] = deferredComponent(`${name}.${part}`);
  for (const hook of hooks) {
    const owner = hook
      .split('.')
      .slice(0, -1)
      .reduce((value, key) => value[key], component);
    owner[hook.split('.').at(-1)] = (...args) => fromDeferred(`${name}.${hook}`)(...args);
  }
  return component;
}

warmLater(chunk);
