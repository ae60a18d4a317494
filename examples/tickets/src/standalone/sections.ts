import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/ui-kit/standalone';

export const sections: StandaloneSection[] = [{ key: 'tickets', label: 'Tickets', Component: lazy(() => import('../Section')) }];
