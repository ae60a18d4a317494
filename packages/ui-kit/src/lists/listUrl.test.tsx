import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateTo, sectionHref, sectionInPath, useListUrl, type UrlCodec } from './listUrl';
import { SectionLink } from './SectionLink';

interface View {
  q: string;
  page: number;
}
const CODEC: UrlCodec<View> = {
  parse: (query) => {
    const page = Number(query.get('page'));
    return { q: query.get('q') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
  },
  format: ({ q, page }) => {
    const query = new URLSearchParams();
    if (q) query.set('q', q);
    if (page !== 1) query.set('page', String(page));
    return query;
  },
};
const here = () => `${window.location.pathname}${window.location.search}`;

describe('sectionInPath', () => {
  test.each([
    ['/orders', { base: '/orders', detail: null }],
    ['/orders/', { base: '/orders', detail: null }],
    ['/orders/SN%2042', { base: '/orders', detail: 'SN 42' }],
    ['/admin/Orders/7', { base: '/admin/Orders', detail: '7' }],
    ['/orders/%E0%A4%A', { base: '/orders', detail: null }],
    ['/users/7', null],
  ])('%s', (path, expected) => expect(sectionInPath(path, 'orders')).toEqual(expected));
});

test('sectionHref keeps the base path and writes the query', () => {
  expect(sectionHref('users', 'orders', { by: 'personId', q: '7 & 8' }, { pathname: '/admin/users/7' })).toBe('/admin/orders?by=personId&q=7+%26+8');
  expect(sectionHref('users', 'payments', undefined, { pathname: '/users' })).toBe('/payments');
  expect(sectionHref('users', 'orders', undefined, { pathname: '/' })).toBe('/orders');
});

describe('useListUrl', () => {
  test('reads the state and the item from the URL, and corrects an invalid address in place', () => {
    window.history.replaceState(null, '', '/orders/SN-1?q=mia&page=zero');
    const length = window.history.length;
    const { result } = renderHook(() => useListUrl('orders', CODEC));
    expect(result.current.state).toEqual({ q: 'mia', page: 1 });
    expect(result.current.detail).toBe('SN-1');
    expect(here()).toBe('/orders/SN-1?q=mia');
    expect(window.history.length).toBe(length); // replaced, not a new entry
  });

  test('a change is a new history entry; the default state has a clean URL', () => {
    window.history.replaceState(null, '', '/orders');
    const { result } = renderHook(() => useListUrl('orders', CODEC));
    const length = window.history.length;
    act(() => result.current.setState({ q: 'zoe', page: 3 }));
    expect(here()).toBe('/orders?q=zoe&page=3');
    act(() => result.current.setState((view) => ({ ...view, page: 1 }), 'replace'));
    expect(here()).toBe('/orders?q=zoe');
    act(() => result.current.setState({ q: '', page: 1 }));
    expect(here()).toBe('/orders');
    expect(window.history.length).toBe(length + 2);
  });

  test('opening and closing an item keeps the list state', () => {
    window.history.replaceState(null, '', '/base/orders?q=a');
    const { result } = renderHook(() => useListUrl('orders', CODEC));
    act(() => result.current.openDetail('SN/9'));
    expect(here()).toBe('/base/orders/SN%2F9?q=a');
    expect(result.current.detail).toBe('SN/9');
    act(() => result.current.closeDetail());
    expect(here()).toBe('/base/orders?q=a');
    expect(result.current.detail).toBeNull();
  });

  test('back/forward (popstate) reads the entry and bumps the generation', () => {
    window.history.replaceState(null, '', '/orders');
    const { result } = renderHook(() => useListUrl('orders', CODEC));
    expect(result.current.generation).toBe(0);
    act(() => navigateTo('/orders/SN-2?q=x&page=2'));
    expect(result.current.state).toEqual({ q: 'x', page: 2 });
    expect(result.current.detail).toBe('SN-2');
    expect(result.current.generation).toBe(1);
  });
});

test('SectionLink: a real href, and a plain click goes there in place (popstate, no reload)', async () => {
  window.history.replaceState(null, '', '/users/7000123');
  const onPop = jest.fn();
  window.addEventListener('popstate', onPop);
  render(
    <SectionLink from="users" to="orders" query={{ by: 'personId', q: '7000123' }}>
      All orders of this user
    </SectionLink>,
  );
  const link = screen.getByRole('link', { name: 'All orders of this user' });
  expect(link).toHaveAttribute('href', '/orders?by=personId&q=7000123');
  await userEvent.click(link);
  expect(here()).toBe('/orders?by=personId&q=7000123');
  expect(onPop).toHaveBeenCalledTimes(1);
  window.removeEventListener('popstate', onPop);
});
