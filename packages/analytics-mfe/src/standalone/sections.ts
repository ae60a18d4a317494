import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/ui-kit/standalone';

export const sections: StandaloneSection[] = [{ key: 'analytics', label: 'Analytics', Component: lazy(() => import('../Section')) }];
