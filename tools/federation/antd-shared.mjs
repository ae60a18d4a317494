// What the federation share scope provides under the key `antd`: the antd components and functions
// the shell and the remotes use, and nothing else. Sharing the bare `antd` package shares all of it
// (about 1.4 MB minified, 440 kB gzip); this module lets webpack tree-shake antd down to the list
// below, and every build (shell and each remote) provides exactly this module, so whichever copy
// is loaded first (the shell's) serves every remote: still one antd, one theme, one App context.
//
// The list is part of the shell/remote contract (ARCHITECTURE.md): a build that imports an antd
// export missing here fails (tools/federation/build.mjs). To use a new antd export in a remote,
// add it here, then deploy the shell first (it provides antd), then the remote.
// One export per line, sorted; it is read by tools/federation/shared.mjs. The path `antd/es/index.js`
// (antd's ESM entry) is on purpose: a bare 'antd' here would be consumed from the share scope
// itself, that is from this very module.
export {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Layout,
  Menu,
  Modal,
  Popconfirm,
  Result,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  message,
  notification,
  theme,
} from 'antd/es/index.js';
