// Page security first (framing refused, Trusted Types policy, CSP nonce on our styles), then the
// async boundary: the federation runtime negotiates the share scope (react, antd, ...) before any
// shared module is consumed, so shell and remotes end up on one copy of each.
import { installPageSecurity } from '@growth-admin/shared-client/page-security';

installPageSecurity();
import('./bootstrap');
