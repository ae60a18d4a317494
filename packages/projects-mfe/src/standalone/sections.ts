import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/shared-client/standalone';

export const sections: StandaloneSection[] = [{ key: 'projects', label: 'Projects', Component: lazy(() => import('../Section')) }];
