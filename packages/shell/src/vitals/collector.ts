// Real-user measurements of the remotes (docs/releases.md, Real-user measurements): each section view
// and each slot contribution shown is a view of its remote's release; the vitals the browser
// measures (LCP, INP, CLS) and the errors that remote's code raises are added to it, and the views
// are sent to POST /api/vitals in batches when the page is hidden, where the canary judge compares
// the canary's administrators with the stable ones.
//
// This part is the bookkeeping only (no dependency, in the shell's first chunk so the first section's
// view is counted); the observers, web-vitals and the beacon load when the browser is idle after the
// first screen has drawn (observe.ts).

/** The attribute a view's wrapper carries: the element a vital names is attributed to the view around it. */
export const VIEW_ATTRIBUTE = 'data-ga-view';

/** What is sent, at most: a batch (the API's limit), a page's life, a minute. */
export const VITALS_LIMITS = { perBatch: 50, perPage: 300, perMinute: 100 };

export interface Measurement {
  releaseId: string;
  kind: 'section' | 'slot';
  target: string;
  lcp?: number;
  inp?: number;
  cls?: number;
  errors: number;
}

interface View {
  remote: string;
  releaseId: string;
  kind: 'section' | 'slot';
  target: string;
  open: boolean;
  lcp?: number;
  inp?: number;
  cls?: number;
  errors: number;
}

export interface CollectorDeps {
  /** The release this page runs of `remote` (the runtime config's), if any. */
  releaseOf(remote: string): { id: string } | undefined;
  now(): number;
}

export class VitalsCollector {
  private readonly views = new Map<number, View>();
  /** Each remote's newest view: where its errors go. */
  private readonly latest = new Map<string, number>();
  /** Errors of a remote with no view yet (a crash on its first render comes before its view's effect): its next view's. */
  private readonly pending = new Map<string, number>();
  private nextId = 1;
  private sentThisPage = 0;
  private minuteStart = -Infinity;
  private sentThisMinute = 0;
  /** Measurements not sent because a bound was reached. */
  dropped = 0;

  constructor(private readonly deps: CollectorDeps) {}

  /** A view of `remote` begins; its id (for the wrapper's attribute), or null when the page runs no release of it. */
  startView(remote: string, kind: 'section' | 'slot', target: string): number | null {
    const release = this.deps.releaseOf(remote);
    if (!release) return null;
    const id = this.nextId++;
    this.views.set(id, { remote, releaseId: release.id, kind, target: target.slice(0, 100), open: true, errors: this.pending.get(remote) ?? 0 });
    this.pending.delete(remote);
    this.latest.set(remote, id);
    return id;
  }

  endView(id: number | null): void {
    const view = id === null ? undefined : this.views.get(id);
    if (view) view.open = false;
  }

  /** An error `remote`'s code raised: counted on its newest view (none yet: on its next one). */
  error(remote: string): void {
    const id = this.latest.get(remote);
    const view = id === undefined ? undefined : this.views.get(id);
    if (view) view.errors++;
    else if (this.deps.releaseOf(remote)) this.pending.set(remote, Math.min((this.pending.get(remote) ?? 0) + 1, 1000));
  }

  /** A vital attributed to view `id`: the LCP as measured, the slowest interaction, the layout shifts added up. */
  vital(name: 'lcp' | 'inp' | 'cls', value: number, id: number | null): void {
    const view = id === null ? undefined : this.views.get(id);
    if (!view || !Number.isFinite(value) || value < 0) return;
    if (name === 'lcp') view.lcp = value;
    else if (name === 'inp') view.inp = Math.max(view.inp ?? 0, value);
    else view.cls = (view.cls ?? 0) + value;
  }

  /** The remote of `id`'s view. */
  remoteOfView(id: number | null): string | undefined {
    return id === null ? undefined : this.views.get(id)?.remote;
  }

  /** The remote of the newest open section view (what the administrator is looking at). */
  currentSectionRemote(): string | undefined {
    let found: View | undefined;
    for (const v of this.views.values()) if (v.open && v.kind === 'section') found = v;
    return found?.remote;
  }

  /**
   * Every view so far as batches of measurements, within the page's and the minute's bounds (the
   * rest is dropped and counted). A closed view is forgotten; an open one starts again from nothing
   * (the next batch counts what happens after the page is shown again).
   */
  drain(): Measurement[][] {
    const now = this.deps.now();
    if (now - this.minuteStart >= 60_000) {
      this.minuteStart = now;
      this.sentThisMinute = 0;
    }
    const out: Measurement[] = [];
    for (const [id, v] of this.views) {
      const m: Measurement = { releaseId: v.releaseId, kind: v.kind, target: v.target, errors: Math.min(v.errors, 1000) };
      if (v.lcp !== undefined) m.lcp = Math.min(Math.round(v.lcp), 600_000);
      if (v.inp !== undefined) m.inp = Math.min(Math.round(v.inp), 600_000);
      if (v.cls !== undefined) m.cls = Math.min(Math.round(v.cls * 10_000) / 10_000, 100);
      if (this.sentThisPage < VITALS_LIMITS.perPage && this.sentThisMinute < VITALS_LIMITS.perMinute) {
        out.push(m);
        this.sentThisPage++;
        this.sentThisMinute++;
      } else {
        this.dropped++;
      }
      if (v.open) this.views.set(id, { ...v, lcp: undefined, inp: undefined, cls: undefined, errors: 0 });
      else this.views.delete(id);
    }
    const batches: Measurement[][] = [];
    for (let i = 0; i < out.length; i += VITALS_LIMITS.perBatch) batches.push(out.slice(i, i + VITALS_LIMITS.perBatch));
    return batches;
  }
}
