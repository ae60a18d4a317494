// What the command palette offers for a query: the sections whose name matches, and, for anything
// that can be a number, that item in each section that opens items from its URL (`/orders/<orderSn>`,
// as the composition says: `itemLabel`).
import type { ComposedSection } from '@growth-admin/shared-client';
import { pathForSection } from '../sections/routes';
import { sectionsMatching } from '../sections/sectionMatch';

export interface Command {
  id: string;
  label: string;
  href: string;
}

/** An order or user number as typed: one token of letters, digits, `-` or `_`, with a digit in it. */
const ITEM_NUMBER = /^(?=.*\d)[\w-]{1,64}$/;

export function paletteCommands(sections: readonly ComposedSection[], query: string, basePath = '/'): Command[] {
  const q = query.trim();
  const matching = sectionsMatching(sections, q).map((s) => ({ id: `section-${s.path}`, label: s.label, href: pathForSection(s.path, basePath) }));
  if (!ITEM_NUMBER.test(q)) return matching;
  const item = encodeURIComponent(q);
  const items = sections
    .filter((s) => s.itemLabel)
    .map((s) => ({ id: `item-${s.path}`, label: `${s.itemLabel} ${q}`, href: `${pathForSection(s.path, basePath)}/${item}` }));
  return [...items, ...matching];
}
