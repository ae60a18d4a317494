import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/ui-kit/standalone';

export const sections: StandaloneSection[] = [
  { key: 'people', label: 'Users', Component: lazy(() => import('../Section')) },
];
