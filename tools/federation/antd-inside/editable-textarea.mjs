// What antd's Typography imports as the TextArea of its `editable` text (build.mjs swaps it in): no
// screen edits text in place, so Input's 8 kB gzip wait in the deferred antd (antd-deferred.mjs).
// (Were one to, its box would take the focus only if the chunk was in when editing starts.)
import { deferredComponent } from '../antd-deferred-load.mjs';

export default deferredComponent('Input.TextArea');
