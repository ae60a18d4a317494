import { lazy } from 'react';
import type { StandaloneSection } from './StandaloneApp';

export const sections: StandaloneSection[] = [{ key: 'projects', label: 'Projects', Component: lazy(() => import('../Section')) }];
