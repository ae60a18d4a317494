// The antd components no screen needs on its first paint after sign-in (the dashboard renders none
// of them): the shared antd module (antd-shared.mjs) exports each as a small wrapper that loads this
// module on first render. It is an async chunk of the build that provides antd (the shell's), in the
// same webpack runtime as the rest of that antd, so it reuses the one ConfigProvider context, theme
// and style cache: still one antd. One export per line, sorted; read by shared.mjs (the contract).
export {
  Avatar,
  Checkbox,
  Collapse,
  Descriptions,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Select,
  Table,
  Tabs,
  Tag,
} from 'antd/es/index.js';
