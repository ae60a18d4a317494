// What the federation share scope provides under the key `antd`: the antd components and functions
// the shell and the remotes use, and nothing else. Sharing the bare `antd` package shares all of it
// (about 1.4 MB minified, 440 kB gzip); this module lets webpack tree-shake antd down to the list
// below, and every build (shell and each remote) provides exactly this module, so whichever copy
// is loaded first (the shell's) serves every remote: still one antd, one theme, one App context.
//
// The list is part of the shell/remote contract (ARCHITECTURE.md): a build that imports an antd
// export missing here fails (tools/federation/build.mjs). To use a new antd export in a remote,
// add it here, then deploy the shell first (it provides antd), then the remote.
// The components no first screen needs (Table, Select, ...) are listed in antd-deferred.mjs instead
// and exported here as wrappers that load them on first render (see below): the dashboard's antd
// is what it renders, not the whole list.
// One export per line, sorted; it is read by tools/federation/shared.mjs. The path `antd/es/index.js`
// (antd's ESM entry) is on purpose: a bare 'antd' here would be consumed from the share scope
// itself, that is from this very module.
/* global window */
import { createElement, Suspense, use } from 'react';

export {
  Alert,
  App,
  Button,
  Card,
  Col,
  ConfigProvider,
  Empty,
  Flex,
  Layout,
  Menu,
  Modal,
  Row,
  Segmented,
  Space,
  Spin,
  Switch,
  Tooltip,
  Typography,
  message,
  notification,
  theme,
} from 'antd/es/index.js';

// DatePicker comes from its own chunk; until then RangePicker draws itself light (antd-range-picker.mjs).
export { DatePicker } from './antd-range-picker.mjs';

let deferred = null;
let deferredModule = null;
const loadDeferred = () =>
  (deferred ??= import(/* webpackChunkName: "antd-deferred" */ './antd-deferred.mjs').then(
    (m) => (deferredModule = m),
    (err) => {
      deferred = null; // a later render tries again
      throw err;
    },
  ));

/**
 * antd-deferred.mjs's export at `path` ('Table', 'Form.Item', 'Form.useForm'): at once when the
 * chunk is in; until then the caller suspends on it (React's `use`, not `lazy`: a loaded chunk
 * renders in the same pass, with no fallback committed and revealed up to 300 ms later), and after
 * a failed load the next render (the section's Retry) loads again.
 */
const fromDeferred = (path) => path.split('.').reduce((value, key) => value[key], deferredModule ?? use(loadDeferred()));

/**
 * A component of antd-deferred.mjs (`path`), loaded on its first render. It suspends only itself
 * (showing `fallback(props)`, nothing by default), never the screen around it.
 */
function deferredComponent(path, fallback = () => null) {
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
function deferredCompound(name, { parts = [], hooks = [] }) {
  const component = deferredComponent(name);
  for (const part of parts) component[part] = deferredComponent(`${name}.${part}`);
  for (const hook of hooks) {
    const owner = hook.split('.').slice(0, -1).reduce((value, key) => value[key], component);
    owner[hook.split('.').at(-1)] = (...args) => fromDeferred(`${name}.${hook}`)(...args);
  }
  return component;
}

export const Avatar = deferredComponent('Avatar');
export const Checkbox = deferredComponent('Checkbox');
export const Collapse = deferredComponent('Collapse');
export const Descriptions = deferredCompound('Descriptions', { parts: ['Item'] });
// No first screen has a form (sign-in is not antd): its 12 kB gzip wait for the first one.
export const Form = deferredCompound('Form', {
  parts: ['Item', 'List', 'ErrorList', 'Provider'],
  hooks: ['useForm', 'useFormInstance', 'useWatch', 'Item.useStatus'],
});
// Its trigger (a Delete button) shows at once; the confirmation works once the chunk is in.
// In forms, list filters and dialogs, none on a first screen (the palette's box takes the focus
// as it mounts: `autoFocus`).
export const Input = deferredCompound('Input', { parts: ['Group', 'Search', 'TextArea', 'Password', 'OTP'] });
export const Popconfirm = deferredComponent('Popconfirm', (props) => props.children ?? null);
// A section's failure view (the shell's SectionUnavailable): its illustrations are 11 kB gzip.
export const Result = deferredComponent('Result');
export const Select = deferredComponent('Select');
export const Table = deferredComponent('Table');
export const Tabs = deferredComponent('Tabs');
export const Tag = deferredComponent('Tag');

// Warm the chunk once the first screen has had its turn, so a later section finds it loaded.
if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? ((cb) => setTimeout(cb, 0));
  setTimeout(() => idle(() => void loadDeferred().catch(() => undefined)), 4000);
}
