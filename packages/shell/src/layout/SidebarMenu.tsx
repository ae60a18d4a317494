// The sidebar's sections: a link each (a plain click switches in place, a modified click keeps the
// browser's new tab), the current one selected. Only the first few sections are warmed when the
// browser is idle (SignedInApp), so pointing at or focusing a link warms its section: its code is on
// the way before the click. More sections than FILTER_AFTER_SECTIONS bring a filter box
// (SidebarFilter, a chunk of its own that a short sidebar never loads; docs/screens.md, 2.1).
import { lazy, Suspense, type MouseEvent } from 'react';
import { Menu } from 'antd';
import { isPlainClick } from '@growth-admin/ui-kit/core';
import { BASE_PATH, pathForSection, type Section } from '../sections/routes';
import { sectionIcon } from './sectionIcons';

/** More than a 768-pixel-tall window shows without scrolling the sidebar: a filter box comes with them. */
export const FILTER_AFTER_SECTIONS = 12;

const SidebarFilter = lazy(() => import(/* webpackChunkName: "sidebar-filter" */ './SidebarFilter'));

export interface SidebarMenuProps {
  sections: readonly Section[];
  /** The path of the section shown. */
  current: string;
  onOpen(path: string): void;
  /** The administrator is about to open `section` (the pointer or the focus is on its link). */
  onIntent(section: Section): void;
}

export function SidebarMenu(props: SidebarMenuProps) {
  const menu = (shown: readonly Section[]) => <SectionLinks {...props} sections={shown} />;
  if (props.sections.length <= FILTER_AFTER_SECTIONS) return menu(props.sections);
  return (
    <Suspense fallback={menu(props.sections)}>
      <SidebarFilter sections={props.sections} onOpen={props.onOpen} renderMenu={menu} />
    </Suspense>
  );
}

function SectionLinks({ sections, current, onOpen, onIntent }: SidebarMenuProps) {
  const onClick = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onOpen(path);
  };
  return (
    <Menu
      mode="inline"
      selectedKeys={[current]}
      className="ga-menu"
      items={sections.map((s) => ({
        key: s.path,
        icon: sectionIcon(s.icon),
        label: (
          <a href={pathForSection(s.path, BASE_PATH)} onClick={onClick(s.path)} onPointerEnter={() => onIntent(s)} onFocus={() => onIntent(s)}>
            {s.label}
          </a>
        ),
      }))}
    />
  );
}
