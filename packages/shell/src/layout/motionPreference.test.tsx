// The system's reduced-motion setting, read live: a change while the page is open applies at once.
import { act, render, screen } from '@testing-library/react';
import { usePrefersReducedMotion } from './motionPreference';

/** A system setting the test can change, through the MediaQueryList API the browser gives. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && reduce;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    change(next: boolean) {
      reduce = next;
      act(() => listeners.forEach((listener) => listener()));
    },
    listening: () => listeners.size,
    restore: () => (window.matchMedia = original),
  };
}

function Probe() {
  return <p>{usePrefersReducedMotion() ? 'reduced' : 'full'}</p>;
}

test('follows the system setting, and a change made while the page is open', () => {
  const setting = systemSetting(true);
  try {
    const { unmount } = render(<Probe />);
    expect(screen.getByText('reduced')).toBeInTheDocument();
    setting.change(false);
    expect(screen.getByText('full')).toBeInTheDocument();
    setting.change(true);
    expect(screen.getByText('reduced')).toBeInTheDocument();
    unmount();
    expect(setting.listening()).toBe(0);
  } finally {
    setting.restore();
  }
});

test('full motion where the system says nothing', () => {
  const setting = systemSetting(false);
  try {
    render(<Probe />);
    expect(screen.getByText('full')).toBeInTheDocument();
  } finally {
    setting.restore();
  }
});
