import { lazy } from 'react';
import type { StandaloneSection } from '@growth-admin/shared-client/standalone';

export const sections: StandaloneSection[] = [{ key: 'tickets', label: 'Tickets', Component: lazy(() => import('../Section')) }];
