// The async boundary: nothing shared (react, antd, ...) is consumed before the federation runtime
// has negotiated the share scope, so the shell's singletons win when this remote runs inside it.
import('./bootstrap');
