// A remote's exposed modules by the names its remote.json gives them ('./Section' → its loader), for
// its standalone page. A remote's build (tools/federation's standalone-modules-loader.cjs) replaces
// this module's content with one made from that remote's remote.json `exposes`; anywhere else it
// knows none, and the harness says so.
import type { ComponentType } from 'react';
import type { SectionProps } from '@growth-admin/shared-client';

export type ExposedModules = Record<string, () => Promise<{ default: ComponentType<SectionProps> }>>;

export const exposedModules: ExposedModules = {};
