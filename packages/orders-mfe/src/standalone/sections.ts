import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/ui-kit/standalone';

export const sections: StandaloneSection[] = [
  { key: 'orders', label: 'Orders', Component: lazy(() => import('../Orders')) },
  { key: 'payments', label: 'Payments', Component: lazy(() => import('../Payments')) },
];
