// antd's DatePicker, an async chunk of the build that provides antd (see antd-range-picker.mjs): the
// same webpack runtime, so the same ConfigProvider context, theme and style cache. Read by shared.mjs.
export { DatePicker } from 'antd/es/index.js';
