import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/ui-kit/standalone';

export const sections: StandaloneSection[] = [{ key: 'projects', label: 'Projects', Component: lazy(() => import('../Section')) }];
