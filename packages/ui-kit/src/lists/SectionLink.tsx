import { Typography } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { isPlainClick, navigateTo, sectionHref } from './listUrl';

interface SectionLinkProps {
  /** The section this link is in, and the one it opens (their ids, which are their paths). */
  from: string;
  to: string;
  /** The list state to open it with, in that section's URL terms (`{ by: 'personId', q: '7000123' }`). */
  query?: Record<string, string>;
  children: ReactNode;
}

/**
 * A link to another section's list: a real href (open in a new tab works), and a plain click
 * switches in place without reloading the app.
 */
export function SectionLink({ from, to, query, children }: SectionLinkProps) {
  const href = sectionHref(from, to, query);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigateTo(href);
  };
  return (
    <Typography.Link href={href} onClick={onClick}>
      {children}
    </Typography.Link>
  );
}
