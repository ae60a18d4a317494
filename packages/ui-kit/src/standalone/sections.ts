// The standalone page's sections, read from the remote's remote.json: the same sections, labels and
// order the shell's sidebar gets from the registry, each section's code by its module's name.
import { lazy, type ComponentType } from 'react';
import type { SectionProps } from '@growth-admin/shared-client';
import type { ExposedModules } from './exposedModules';

/** What the harness reads of a remote.json (the rest is the build's and the registry's). */
export interface RemoteDeclaration {
  name: string;
  sections: { path: string; label: string; module: string; order: number }[];
}

export interface StandaloneSection {
  key: string;
  label: string;
  Component: ComponentType<SectionProps>;
}

/** Each section of `remote`, in its order; throws naming a section whose module `modules` lacks. */
export function standaloneSections(remote: RemoteDeclaration, modules: ExposedModules): StandaloneSection[] {
  if (remote.sections.length === 0) throw new Error(`remote.json of ${remote.name} declares no section`);
  return [...remote.sections]
    .sort((a, b) => a.order - b.order)
    .map((section) => {
      const load = modules[section.module];
      if (!load) {
        throw new Error(`remote.json of ${remote.name}: the section ${section.path} names the module ${section.module}, which this build does not expose`);
      }
      return { key: section.path, label: section.label, Component: lazy(load) };
    });
}
