// A list's state in the page URL, so a reload, back/forward and a pasted link show the same list:
// its search, filters and page in the query (`/orders?by=personId&q=7000123&status=completed&page=2`)
// and an open item's details in the path (`/orders/100000000123`, `/users/7000123`). The shell owns
// the first path segment (the section); a section owns its query and the segment after its own.
import { useCallback, useEffect, useState } from 'react';

/** How a list's state reads from and writes to a query string. */
export interface UrlCodec<T> {
  /** The state a query describes: anything missing or invalid falls back to its default, never throws. */
  parse(query: URLSearchParams): T;
  /** The query of a state, defaults left out (the default list has a clean URL). */
  format(state: T): URLSearchParams;
}

/** Where the section sits in a path, and the item after it: `/base/orders/123` → `/base/orders`, '123'. */
export function sectionInPath(pathname: string, sectionId: string): { base: string; detail: string | null } | null {
  const parts = pathname.split('/');
  const at = parts.findIndex((part) => part.toLowerCase() === sectionId);
  if (at < 0) return null;
  let detail: string | null = null;
  try {
    detail = parts[at + 1] ? decodeURIComponent(parts[at + 1]) : null;
  } catch {
    detail = null; // a malformed escape is no item
  }
  return { base: parts.slice(0, at + 1).join('/'), detail: detail?.trim() || null };
}

/**
 * The URL of another section (the base path kept), e.g. a user's orders from the Users section:
 * `sectionHref('users', 'orders', { by: 'personId', q: '7000123' })`.
 */
export function sectionHref(fromSection: string, toSection: string, query?: Record<string, string>, location: Pick<Location, 'pathname'> = window.location): string {
  const here = sectionInPath(location.pathname, fromSection);
  const root = here ? here.base.slice(0, here.base.length - fromSection.length) : '/';
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${root}${toSection}${search ? `?${search}` : ''}`;
}

/**
 * Goes to `href` inside the app, as a link would but without reloading: the shell (and any open
 * section) follow the history's popstate, so the right section opens with the right state.
 */
export function navigateTo(href: string): void {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A plain left click (not one that opens a new tab or window). */
export const isPlainClick = (event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export interface ListUrl<T> {
  state: T;
  /** The item whose details the path names, if any. */
  detail: string | null;
  /** Grows each time the state changes from outside (back/forward), so a form can reset its draft. */
  generation: number;
  /** Sets the state and records it in the URL: a new history entry, or with 'replace' a correction of this one. */
  setState(update: T | ((current: T) => T), how?: 'push' | 'replace'): void;
  openDetail(id: string): void;
  closeDetail(): void;
}

function read<T>(sectionId: string, codec: UrlCodec<T>) {
  const place = sectionInPath(window.location.pathname, sectionId);
  return { state: codec.parse(new URLSearchParams(window.location.search)), detail: place?.detail ?? null };
}

/**
 * The list state of section `sectionId` (its id is also its path segment), kept in the URL.
 * `codec` is a module constant (a new one each render would re-subscribe each render).
 */
export function useListUrl<T>(sectionId: string, codec: UrlCodec<T>): ListUrl<T> {
  const [current, setCurrent] = useState(() => read(sectionId, codec));
  const [generation, setGeneration] = useState(0);

  const write = useCallback(
    (state: T, detail: string | null, how: 'push' | 'replace') => {
      const place = sectionInPath(window.location.pathname, sectionId);
      const path = place ? `${place.base}${detail ? `/${encodeURIComponent(detail)}` : ''}` : window.location.pathname;
      const search = codec.format(state).toString();
      const url = `${path}${search ? `?${search}` : ''}${window.location.hash}`;
      if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      if (how === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    },
    [sectionId, codec],
  );

  useEffect(() => {
    // A pasted URL with invalid values shows the defaults: the address bar says so too.
    const initial = read(sectionId, codec);
    write(initial.state, initial.detail, 'replace');
    // (When the entry is another section's, the shell unmounts this one in the same render.)
    const onPop = () => {
      setCurrent(read(sectionId, codec));
      setGeneration((g) => g + 1);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [sectionId, codec, write]);

  const setState = useCallback(
    (update: T | ((s: T) => T), how: 'push' | 'replace' = 'push') => {
      setCurrent((prev) => {
        const state = typeof update === 'function' ? (update as (s: T) => T)(prev.state) : update;
        write(state, prev.detail, how);
        return { ...prev, state };
      });
    },
    [write],
  );
  const openDetail = useCallback(
    (id: string) =>
      setCurrent((prev) => {
        write(prev.state, id, 'push');
        return { ...prev, detail: id };
      }),
    [write],
  );
  const closeDetail = useCallback(
    () =>
      setCurrent((prev) => {
        write(prev.state, null, 'push');
        return { ...prev, detail: null };
      }),
    [write],
  );
  return { state: current.state, detail: current.detail, generation, setState, openDetail, closeDetail };
}
