// The standalone page's entry. Page security first (framing refused, Trusted Types policy, CSP
// nonce on our styles), then the async boundary: nothing shared (react, antd, ...) is consumed
// before the federation runtime has negotiated the share scope, so the shell's singletons win when
// this remote runs inside it.
import { installPageSecurity } from '@growth-admin/shared-client/page-security';

installPageSecurity();
import('./bootstrap');
