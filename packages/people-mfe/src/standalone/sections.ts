import { lazy } from 'react';
import type { StandaloneSection } from './StandaloneApp';

export const sections: StandaloneSection[] = [
  { key: 'people', label: 'Users', Component: lazy(() => import('../Section')) },
];
