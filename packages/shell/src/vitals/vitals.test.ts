// The real-user measurements in the browser: the bookkeeping of views, the attribution of vitals
// and errors to the remote whose code ran, the beacon on hide, the bounds, and the idle start. The
// network edge (fetch, sendBeacon) and web-vitals' observers are replaced; the rest is the real code.
import type { Metric } from 'web-vitals';
import { VIEW_ATTRIBUTE, VITALS_LIMITS, VitalsCollector } from './collector';
import { observeVitals, remoteOfStack, remoteOfUrl, type VitalsLibrary } from './observe';
import { resetVitalsStart, startVitalsWhenIdle } from './start';

const REMOTES = {
  orders: 'https://store.example/orders/2.0.0/mf-manifest.json',
  analytics: 'https://store.example/analytics/1.4.0/mf-manifest.json',
};
const RELEASES: Record<string, { id: string }> = { orders: { id: '12' }, analytics: { id: '7' } };

let clock = 0;
const collector = () => new VitalsCollector({ releaseOf: (r) => RELEASES[r], now: () => clock });

describe('the collector', () => {
  beforeEach(() => {
    clock = 1_000_000;
  });

  test('a view per section or slot shown, with its vitals and its remote’s errors', () => {
    const c = collector();
    const section = c.startView('orders', 'section', 'orders');
    const slot = c.startView('analytics', 'slot', 'dashboard.cards');
    expect(c.startView('billing', 'section', 'billing')).toBeNull(); // no release of it on this page
    c.vital('lcp', 1234.4, section);
    c.vital('inp', 80, section);
    c.vital('inp', 200, section);
    c.vital('inp', 120, section); // the slowest interaction stays
    c.vital('cls', 0.01, slot);
    c.vital('cls', 0.02, slot); // shifts add up
    c.error('orders');
    c.error('orders');
    c.error('billing'); // no release of it on this page: not counted
    expect(c.drain()).toEqual([
      [
        { releaseId: '12', kind: 'section', target: 'orders', lcp: 1234, inp: 200, errors: 2 },
        { releaseId: '7', kind: 'slot', target: 'dashboard.cards', cls: 0.03, errors: 0 },
      ],
    ]);
  });

  test('an error before its remote’s first view counts on that view', () => {
    const c = collector();
    c.error('orders');
    c.endView(c.startView('orders', 'slot', 'dashboard.cards'));
    c.endView(c.startView('orders', 'slot', 'dashboard.cards'));
    expect(c.drain()[0].map((m) => m.errors)).toEqual([1, 0]);
  });

  test('after a drain, a closed view is gone and an open one starts again from nothing', () => {
    const c = collector();
    const open = c.startView('orders', 'section', 'orders');
    const closed = c.startView('analytics', 'section', 'analytics');
    c.error('orders');
    c.endView(closed);
    expect(c.drain()[0]).toHaveLength(2);
    expect(c.drain()).toEqual([[{ releaseId: '12', kind: 'section', target: 'orders', errors: 0 }]]);
    c.endView(open);
    c.drain();
    expect(c.drain()).toEqual([]);
  });

  test('batches of 50, at most 100 a minute and 300 a page; the rest is dropped and counted', () => {
    const c = collector();
    const fill = (n: number) => {
      for (let i = 0; i < n; i++) c.endView(c.startView('orders', 'section', `s${i}`));
    };
    fill(130);
    expect(c.drain().map((b) => b.length)).toEqual([50, 50]);
    expect(c.dropped).toBe(30);
    fill(10);
    expect(c.drain()).toEqual([]); // the minute's 100 were sent
    clock += 60_000;
    for (let minute = 0; minute < 3; minute++) {
      fill(100);
      c.drain();
      clock += 60_000;
    }
    expect(c.dropped).toBe(30 + 10 + 100); // 300 sent: the page's bound
    expect(VITALS_LIMITS).toEqual({ perBatch: 50, perPage: 300, perMinute: 100 });
  });
});

describe('attribution by the files a remote was loaded from', () => {
  test('a script URL or a stack names the remote whose release folder holds it', () => {
    expect(remoteOfUrl(REMOTES, 'https://store.example/orders/2.0.0/123.abc.js')).toBe('orders');
    expect(remoteOfUrl(REMOTES, 'https://store.example/orders/1.0.0/123.abc.js')).toBeUndefined(); // another version
    expect(remoteOfUrl(REMOTES, 'https://shell.example/main.js')).toBeUndefined();
    const stack = 'TypeError: x is undefined\n    at f (https://shell.example/main.js:1:10)\n    at g (https://store.example/analytics/1.4.0/55.js:2:300)';
    expect(remoteOfStack(REMOTES, stack)).toBe('analytics');
    expect(remoteOfStack(REMOTES, undefined)).toBeUndefined();
  });

  test("from the release store: a file in the remote's shared files/ folder, where the manifest this page read put its files", () => {
    const filesOf = (remote: string) => (remote === 'orders' ? 'https://store.example/orders/files/' : undefined);
    expect(remoteOfUrl(REMOTES, 'https://store.example/orders/files/remoteEntry.0123456789.js', filesOf)).toBe('orders');
    expect(remoteOfUrl(REMOTES, 'https://store.example/orders/files/123.abc.js')).toBeUndefined(); // before its manifest was read
    const stack = 'Error: boom\n    at h (https://store.example/orders/files/55.0123456789.js:1:5)';
    expect(remoteOfStack(REMOTES, stack, filesOf)).toBe('orders');
  });
});

describe('the observers', () => {
  let c: VitalsCollector;
  let callbacks: { lcp?: (m: Metric) => void; inp?: (m: Metric) => void; cls?: (m: Metric) => void };
  let beacons: Array<{ url: string; body: Blob }>;
  let apiStatus: number;
  let stop: () => void;
  const metric = (value: number, entries: unknown[], delta = value) => ({ value, delta, entries }) as unknown as Metric;
  const fakeVitals: VitalsLibrary = {
    onLCP: (cb) => (callbacks.lcp = cb),
    onINP: (cb) => (callbacks.inp = cb),
    onCLS: (cb) => (callbacks.cls = cb),
  };
  const hide = () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader(); // (jsdom's Blob has no text())
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  const sent = async () => Promise.all(beacons.map(async (b) => ({ url: b.url, type: b.body.type, body: JSON.parse(await textOf(b.body)) })));

  beforeEach(() => {
    clock = 1_000_000;
    c = collector();
    callbacks = {};
    beacons = [];
    apiStatus = 200;
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: Blob) => beacons.push({ url, body }) > 0,
    });
    window.fetch = (async () => ({ status: apiStatus, ok: apiStatus < 400 }) as Response) as typeof fetch;
    document.body.innerHTML = '';
    stop = observeVitals({ collector: c, remotes: REMOTES, apiBaseUrl: 'https://api.example/', token: () => 'T'.repeat(43), vitals: fakeVitals });
  });
  afterEach(() => {
    stop();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  /** A view's wrapper in the page, as SectionHost and SlotHost draw it, with one element inside. */
  const drawn = (id: number | null) => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute(VIEW_ATTRIBUTE, String(id));
    const inner = document.createElement('p');
    inner.textContent = 'content';
    wrapper.append(inner);
    document.body.append(wrapper);
    return inner;
  };

  test('each vital goes to the view around the element it names, and the page’s views leave in a text/plain beacon when hidden', async () => {
    const section = c.startView('orders', 'section', 'orders');
    const slot = c.startView('analytics', 'slot', 'dashboard.cards');
    const inSection = drawn(section);
    const inSlot = drawn(slot);
    callbacks.lcp!(metric(1800, [{ element: inSection }]));
    callbacks.inp!(metric(240, [{ target: inSlot.firstChild }])); // a text node: its element's view
    callbacks.cls!(metric(0.05, [{ sources: [{ node: inSection }] }]));
    callbacks.cls!(metric(0.2, [{ sources: [{ node: document.body }] }])); // outside any view: nobody's
    hide();
    expect(await sent()).toEqual([
      {
        url: 'https://api.example/api/vitals',
        type: 'text/plain;charset=utf-8',
        body: {
          token: 'T'.repeat(43),
          measurements: [
            { releaseId: '12', kind: 'section', target: 'orders', lcp: 1800, cls: 0.05, errors: 0 },
            { releaseId: '7', kind: 'slot', target: 'dashboard.cards', inp: 240, errors: 0 },
          ],
        },
      },
    ]);
  });

  test('errors count against the remote whose files raised them: uncaught, unhandled rejections, API calls answered 5xx', async () => {
    c.startView('orders', 'section', 'orders');
    c.startView('analytics', 'slot', 'dashboard.cards');
    window.dispatchEvent(new ErrorEvent('error', { filename: 'https://store.example/orders/2.0.0/12.js', message: 'boom' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: 'https://shell.example/main.js', message: 'the shell’s own' }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = { stack: 'Error: no\n    at x (https://store.example/analytics/1.4.0/9.js:1:1)' };
    window.dispatchEvent(rejection);
    apiStatus = 503;
    await fetch('https://api.example/api/admin/orders/orderList'); // no remote in this stack: the section on screen
    await fetch('https://elsewhere.example/x'); // not the API
    apiStatus = 404;
    await fetch('https://api.example/api/admin/orders/orderList'); // not a 5xx
    hide();
    const [{ body }] = await sent();
    expect(body.measurements.map((m: { target: string; errors: number }) => `${m.target} ${m.errors}`)).toEqual(['orders 2', 'dashboard.cards 1']);
  });

  test('signed out: nothing is sent; stopped: the page’s fetch is its own again', async () => {
    stop();
    const original = window.fetch;
    stop = observeVitals({ collector: c, remotes: REMOTES, apiBaseUrl: 'https://api.example', token: () => null, vitals: fakeVitals });
    expect(window.fetch).not.toBe(original);
    c.startView('orders', 'section', 'orders');
    hide();
    expect(beacons).toEqual([]);
    stop();
    expect(window.fetch).toBe(original);
  });
});

describe('the start', () => {
  test('nothing of it loads until the browser is idle, once per page', async () => {
    resetVitalsStart();
    const idle: Array<() => void> = [];
    window.requestIdleCallback = ((cb: () => void) => idle.push(cb)) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = () => undefined;
    const load = jest.fn(async () => ({ observeVitals: jest.fn(() => () => undefined) }));
    startVitalsWhenIdle({ remotes: REMOTES, apiBaseUrl: 'https://api.example' }, load as never);
    startVitalsWhenIdle({ remotes: REMOTES, apiBaseUrl: 'https://api.example' }, load as never);
    expect(load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]();
    expect(load).toHaveBeenCalledTimes(1);
    const { observeVitals: observe } = await load.mock.results[0].value;
    await Promise.resolve();
    expect(observe).toHaveBeenCalledWith(expect.objectContaining({ remotes: REMOTES, apiBaseUrl: 'https://api.example' }));
  });
});

test('a browser without performance observers still counts errors', async () => {
  const c = collector();
  const throwing: VitalsLibrary = {
    onLCP: () => {
      throw new TypeError('performance.getEntriesByType is not a function');
    },
    onINP: () => undefined,
    onCLS: () => undefined,
  };
  const stop = observeVitals({ collector: c, remotes: REMOTES, apiBaseUrl: 'https://api.example', token: () => null, vitals: throwing });
  c.startView('orders', 'section', 'orders');
  window.dispatchEvent(new ErrorEvent('error', { filename: 'https://store.example/orders/2.0.0/12.js', message: 'boom' }));
  stop();
  expect(c.drain()).toEqual([[{ releaseId: '12', kind: 'section', target: 'orders', errors: 1 }]]);
});
