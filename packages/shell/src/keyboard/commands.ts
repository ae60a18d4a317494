// What the command palette offers for a query: the sections whose name matches, and, for anything
// that can be a number, that order (`/orders/<orderSn>`) and that user (`/users/<customId>`), whose
// details the sections open from the URL.
import { pathForSection, SECTIONS } from '../sections/sections';

export interface Command {
  id: string;
  label: string;
  href: string;
}

/** An order or user number as typed: one token of letters, digits, `-` or `_`, with a digit in it. */
const ITEM_NUMBER = /^(?=.*\d)[\w-]{1,64}$/;

export function paletteCommands(query: string, basePath = '/'): Command[] {
  const q = query.trim();
  const needle = q.toLowerCase();
  const sections = SECTIONS.filter((s) => !needle || s.label.toLowerCase().includes(needle)).map((s) => ({
    id: `section-${s.id}`,
    label: s.label,
    href: pathForSection(s.id, basePath),
  }));
  if (!ITEM_NUMBER.test(q)) return sections;
  const item = encodeURIComponent(q);
  return [
    { id: 'order', label: `Order ${q}`, href: `${pathForSection('orders', basePath)}/${item}` },
    { id: 'user', label: `User ${q}`, href: `${pathForSection('users', basePath)}/${item}` },
    ...sections,
  ];
}
