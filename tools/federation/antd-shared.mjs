// What the federation share scope provides under the key `antd`: the antd components and functions
// the shell and the remotes use, and nothing else. Sharing the bare `antd` package shares all of it
// (about 1.4 MB minified, 440 kB gzip); this module lets webpack tree-shake antd down to the list
// below, and every build (shell and each remote) provides exactly this module, so whichever copy
// is loaded first (the shell's) serves every remote: still one antd, one theme, one App context.
//
// The list is part of the shell/remote contract (docs/architecture.md): a build that imports an antd
// export missing here fails (tools/federation/build.mjs). To use a new antd export in a remote,
// add it here, then deploy the shell first (it provides antd), then the remote.
// The components no first screen needs (Table, Select, ...) are listed in antd-deferred.mjs instead
// and exported here as wrappers that load them on first render (antd-deferred-load.mjs): the dashboard's antd
// is what it renders, not the whole list.
// One export per line, sorted; it is read by tools/federation/shared.mjs. The path `antd/es/index.js`
// (antd's ESM entry) is on purpose: a bare 'antd' here would be consumed from the share scope
// itself, that is from this very module.
import { deferredComponent, deferredCompound } from './antd-deferred-load.mjs';

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

// Modal comes from the deferred antd when a dialog first opens (antd-modal.mjs).
export { Modal } from './antd-modal.mjs';

// DatePicker comes from its own chunk; until then RangePicker draws itself light (antd-range-picker.mjs).
export { DatePicker } from './antd-range-picker.mjs';

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
// A removed section's view (the shell's SectionGone): its illustrations are 11 kB gzip.
export const Result = deferredComponent('Result');
export const Select = deferredComponent('Select');
export const Table = deferredComponent('Table');
export const Tabs = deferredComponent('Tabs');
export const Tag = deferredComponent('Tag');
