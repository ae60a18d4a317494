// The sidebar's filter box, for a sidebar of more sections than a window shows (SidebarMenu): typing
// keeps the sections whose name holds the text, Enter opens the first of them, ArrowDown moves to the
// list, Escape empties the box; a screen reader hears how many are left. The texts: docs/screens.md, 2.1.
// A plain input styled as the login's (index.html), not antd's Input: that one is of the antd loaded
// on first use (tools/federation/antd-deferred.mjs), which would then compete with the dashboard.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Typography } from 'antd';
import type { Section } from '../sections/routes';
import { sectionsMatching } from '../sections/sectionMatch';

export default function SidebarFilter({
  sections,
  onOpen,
  renderMenu,
}: {
  sections: readonly Section[];
  onOpen(path: string): void;
  renderMenu(shown: readonly Section[]): ReactNode;
}) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const typed = query.trim();
  const shown = sectionsMatching(sections, typed);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && typed && shown[0]) {
      event.preventDefault();
      onOpen(shown[0].path);
      setQuery('');
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      event.stopPropagation();
      setQuery('');
    } else if (event.key === 'ArrowDown') {
      const first = list.current?.querySelector('a');
      if (!first) return;
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <div className="ga-sider-filter">
        <input type="search" className="ga-input" placeholder="Filter sections" aria-label="Filter sections" value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={onKeyDown} />
      </div>
      <div role="status" className="ga-visually-hidden">
        {typed ? `${shown.length} of ${sections.length} sections` : ''}
      </div>
      <div ref={list} className="ga-sider-list">
        {shown.length ? (
          renderMenu(shown)
        ) : (
          <Typography.Text type="secondary" className="ga-sider-none">{`No section matches "${typed}"`}</Typography.Text>
        )}
      </div>
    </>
  );
}
