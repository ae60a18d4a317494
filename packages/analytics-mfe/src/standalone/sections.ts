import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/shared-client/standalone';

export const sections: StandaloneSection[] = [{ key: 'analytics', label: 'Analytics', Component: lazy(() => import('../Section')) }];
