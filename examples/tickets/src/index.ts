// The standalone page's entry: page security first, then the async boundary (nothing shared is
// consumed before the federation runtime has negotiated the share scope).
import { installPageSecurity } from '@growth-admin/shared-client/page-security';

installPageSecurity();
import('./bootstrap');
