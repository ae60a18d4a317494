import { lazy } from 'react';
import type { StandaloneSection } from './StandaloneApp';

export const sections: StandaloneSection[] = [
  { key: 'orders', label: 'Orders', Component: lazy(() => import('../Orders')) },
  { key: 'payments', label: 'Payments', Component: lazy(() => import('../Payments')) },
];
