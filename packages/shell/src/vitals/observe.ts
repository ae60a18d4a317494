// The observers of the real-user measurements, loaded when the browser is idle after the first screen
// has drawn (SignedInApp), never before: web-vitals' LCP, INP and CLS (their observers are buffered,
// so the first screen's paints and shifts are still seen), the errors of remotes' code, and the
// beacon that sends the page's views when it is hidden.
//
// Attribution: a vital goes to the view whose wrapper (VIEW_ATTRIBUTE) holds the element it names
// (the largest paint, the interaction's target, the largest shift's node); an error to the remote
// whose files raised it (the folder of the manifest this page loaded, or where that manifest says its
// files are: the release store's shared `<remote>/files/`), read from the error's script URL or
// stack; an API call answered 5xx to the remote in its call's stack, else to the section on screen.
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { VIEW_ATTRIBUTE, type VitalsCollector } from './collector';

export interface VitalsLibrary {
  onLCP: (cb: (m: Metric) => void) => void;
  onINP: (cb: (m: Metric) => void, opts: { reportAllChanges: boolean }) => void;
  onCLS: (cb: (m: Metric) => void, opts: { reportAllChanges: boolean }) => void;
}

export interface ObserveOptions {
  collector: VitalsCollector;
  /** Remote name → the manifest URL this page loaded it from. */
  remotes: Record<string, string>;
  /** Where a remote's files are, once its manifest was read (its publicPath); absent: its manifest's folder. */
  filesOf?: FilesOf;
  apiBaseUrl: string;
  /** The session token (null: signed out, nothing is sent). */
  token: () => string | null;
  /** Tests pass their own; web-vitals otherwise. */
  vitals?: VitalsLibrary;
  win?: Window & typeof globalThis;
}

export const VITALS_PATH = '/api/vitals';

export type FilesOf = (remote: string) => string | undefined;

/** The remote whose files `url` is one of: under its manifest's folder or where its manifest puts its files. */
export function remoteOfUrl(remotes: Record<string, string>, url: string | undefined | null, filesOf: FilesOf = () => undefined): string | undefined {
  if (!url) return undefined;
  for (const [name, manifest] of Object.entries(remotes)) {
    const folder = manifest.slice(0, manifest.lastIndexOf('/') + 1);
    if (folder && url.startsWith(folder)) return name;
    const files = filesOf(name);
    if (files && url.startsWith(files)) return name;
  }
  return undefined;
}

/** The first remote whose files appear in a stack trace. */
export function remoteOfStack(remotes: Record<string, string>, stack: unknown, filesOf?: FilesOf): string | undefined {
  if (typeof stack !== 'string') return undefined;
  for (const [url] of stack.matchAll(/https?:\/\/[^\s)'"]+/g)) {
    const found = remoteOfUrl(remotes, url, filesOf);
    if (found) return found;
  }
  return undefined;
}

/** The view whose wrapper holds `node`. */
function viewOf(node: unknown): number | null {
  const el = node instanceof Element ? node : node instanceof Node ? node.parentElement : null;
  const wrapper = el?.closest(`[${VIEW_ATTRIBUTE}]`);
  const id = Number(wrapper?.getAttribute(VIEW_ATTRIBUTE));
  return Number.isInteger(id) && id > 0 ? id : null;
}

interface ShiftEntry {
  sources?: Array<{ node?: Node | null }>;
}

/** Starts observing; answers a function that stops (and sends nothing more). */
export function observeVitals(opts: ObserveOptions): () => void {
  const { collector, remotes, filesOf } = opts;
  const win = opts.win ?? window;
  const lib = opts.vitals ?? { onLCP, onINP, onCLS };
  let stopped = false;

  // A browser without the performance observers measures no vitals; its errors still count.
  const guarded = (observe: () => void) => {
    try {
      observe();
    } catch {
      /* not measured here */
    }
  };
  guarded(() =>
    lib.onLCP((m) => {
      const entry = m.entries[m.entries.length - 1] as (PerformanceEntry & { element?: Element | null }) | undefined;
      if (!stopped) collector.vital('lcp', m.value, viewOf(entry?.element));
    }),
  );
  guarded(() =>
    lib.onINP(
      (m) => {
        const entry = m.entries[0] as (PerformanceEntry & { target?: Node | null }) | undefined;
        if (!stopped) collector.vital('inp', m.value, viewOf(entry?.target));
      },
      { reportAllChanges: true },
    ),
  );
  guarded(() =>
    lib.onCLS(
      (m) => {
        const entry = m.entries[m.entries.length - 1] as (PerformanceEntry & ShiftEntry) | undefined;
        if (!stopped && m.delta > 0) collector.vital('cls', m.delta, viewOf(entry?.sources?.[0]?.node));
      },
      { reportAllChanges: true },
    ),
  );

  const onError = (e: ErrorEvent) => {
    const remote = remoteOfUrl(remotes, e.filename, filesOf) ?? remoteOfStack(remotes, (e.error as Error | undefined)?.stack, filesOf);
    if (remote) collector.error(remote);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const remote = remoteOfStack(remotes, (e.reason as Error | undefined)?.stack, filesOf);
    if (remote) collector.error(remote);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);

  // API calls answered 5xx: every call goes through the page's fetch (shared-client's signed client).
  const originalFetch = win.fetch;
  const apiPrefix = opts.apiBaseUrl.replace(/\/+$/, '');
  const watchedFetch: typeof fetch = async (input, init) => {
    const callStack = new Error().stack;
    const response = await originalFetch.call(win, input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!stopped && response.status >= 500 && url.startsWith(apiPrefix) && !url.startsWith(`${apiPrefix}${VITALS_PATH}`)) {
      const remote = remoteOfStack(remotes, callStack, filesOf) ?? collector.currentSectionRemote();
      if (remote) collector.error(remote);
    }
    return response;
  };
  win.fetch = watchedFetch;

  // Sent when the page is hidden (the last moment a page is sure to have: it may never be shown again).
  const send = () => {
    const token = opts.token();
    const batches = collector.drain();
    if (!token || stopped) return;
    for (const measurements of batches) {
      const body = new Blob([JSON.stringify({ token, measurements })], { type: 'text/plain;charset=UTF-8' });
      win.navigator.sendBeacon?.(`${apiPrefix}${VITALS_PATH}`, body);
    }
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') send();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', send);

  return () => {
    stopped = true;
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', send);
    if (win.fetch === watchedFetch) win.fetch = originalFetch;
  };
}
