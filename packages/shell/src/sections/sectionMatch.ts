// Which sections a typed name finds: the command palette's and the sidebar filter's one rule (the
// label holds the text, whatever its case).
import type { ComposedSection } from '@growth-admin/shared-client';

export function sectionsMatching<S extends Pick<ComposedSection, 'label'>>(sections: readonly S[], query: string): S[] {
  const needle = query.trim().toLowerCase();
  return needle ? sections.filter((s) => s.label.toLowerCase().includes(needle)) : [...sections];
}
