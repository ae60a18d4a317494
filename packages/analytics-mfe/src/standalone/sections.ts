import { lazy } from 'react';
import type { StandaloneSection } from './StandaloneApp';

export const sections: StandaloneSection[] = [{ key: 'analytics', label: 'Analytics', Component: lazy(() => import('../Section')) }];
