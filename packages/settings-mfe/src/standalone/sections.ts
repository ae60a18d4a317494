import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/ui-kit/standalone';

export const sections: StandaloneSection[] = [{ key: 'settings', label: 'Settings', Component: lazy(() => import('../Section')) }];
