// What antd's Card imports as its Tabs (build.mjs swaps it in): Card draws Tabs only for a `tabList`,
// which no screen uses, so the 10 kB gzip of Tabs wait in the deferred antd (antd-deferred.mjs).
import { deferredComponent } from '../antd-deferred-load.mjs';

export default deferredComponent('Tabs');
