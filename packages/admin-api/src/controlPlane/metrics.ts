// The control plane's metrics, in the API's registry (one /metrics for the server): release
// events and canary verdicts through this instance, real-user measurements and failure reports by
// outcome, and the live releases read at scrape time with the API's other database figures (the
// same on every instance: aggregate them with max(), not sum()). Names, help and labels are those
// docs/operations.md lists.
import { Counter, Gauge } from 'prom-client';
import type { ApiMetrics } from '../metrics';
import { listRemoteReleases } from './releases/repository';

export type ReleaseEvent = 'registered' | 'previewed' | 'preview_deleted' | 'refused' | 'promoted' | 'rolled_back' | 'auto_rolled_back' | 'auto_promoted' | 'failure_reported' | 'measured';
export type CanaryVerdict = 'promoted' | 'rolled_back' | 'auto_rolled_back' | 'judge_rolled_back' | 'judge_promoted';

interface LiveRelease {
  remote: string;
  version: string;
  state: string;
  canaryPercent: number;
  failures: number;
}

const made = new WeakMap<ApiMetrics, ControlPlaneMetrics>();

export class ControlPlaneMetrics {
  /** The control plane's metrics in `api`'s registry, made once per registry (an app built twice on one ApiMetrics shares them). */
  static of(api: ApiMetrics): ControlPlaneMetrics {
    let metrics = made.get(api);
    if (!metrics) made.set(api, (metrics = new ControlPlaneMetrics(api)));
    return metrics;
  }

  readonly releaseEvents: Counter<'remote' | 'event'>;
  readonly vitals: Counter<'outcome'>;
  readonly failureReports: Counter<'outcome'>;
  readonly canaryVerdicts: Counter<'remote' | 'verdict'>;

  private constructor(api: ApiMetrics) {
    const registers = [api.registry];
    this.releaseEvents = new Counter({
      name: 'admin_api_release_events_total',
      help: 'Release registry changes through this instance, by remote and event',
      labelNames: ['remote', 'event'] as const,
      registers,
    });
    this.vitals = new Counter({
      name: 'admin_api_vitals_measurements_total',
      help: 'Real-user measurements received (POST /api/vitals): accepted, not_served (of a release the session was never given, never stored), rate_limited (in a batch refused by the per-session limit)',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.failureReports = new Counter({
      name: 'admin_api_release_failure_reports_total',
      help: 'Failure reports received (POST /api/admin/releases/failures): counted, not_served (of a release the session was never given, never stored)',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.canaryVerdicts = new Counter({
      name: 'admin_api_canary_verdicts_total',
      help: "Canaries' ends through this instance: promoted, rolled_back (by someone), auto_rolled_back (by its failure reports), judge_rolled_back and judge_promoted (by the canary judge)",
      labelNames: ['remote', 'verdict'] as const,
      registers,
    });

    // Read with the API's other database figures, once per scrape.
    const live = api.scrapeRead(async (db): Promise<LiveRelease[]> =>
      (await listRemoteReleases(db)).flatMap(({ remote, active, canary }) =>
        [active, canary].flatMap((r) => (r ? [{ remote, version: r.version, state: r.state, canaryPercent: r.canaryPercent ?? 0, failures: r.failures }] : [])),
      ),
    );
    const perRelease = (name: string, help: string, value: (r: LiveRelease) => number | null) =>
      new Gauge({
        name,
        help,
        labelNames: ['remote', 'version', 'state'] as const,
        registers,
        async collect() {
          const releases = await live();
          this.reset();
          for (const r of releases ?? []) {
            const v = value(r);
            if (v !== null) this.set({ remote: r.remote, version: r.version, state: r.state }, v);
          }
        },
      });
    perRelease('admin_api_release_live', "1 for each remote's live releases, state active or canary (shared: use max())", () => 1);
    perRelease('admin_api_release_canary_percent', "Each remote's canary's share of administrators in percent (shared: use max())", (r) => (r.state === 'canary' ? r.canaryPercent : null));
    perRelease('admin_api_release_failures', "Failures reported against each remote's live releases (shared: use max())", (r) => r.failures);
  }

  release(remote: string, event: ReleaseEvent): void {
    this.releaseEvents.inc({ remote, event });
  }

  /** Measurements of one batch by outcome (the vitals route calls it). */
  vitalsReceived(outcome: 'accepted' | 'not_served' | 'rate_limited', count: number): void {
    if (count > 0) this.vitals.inc({ outcome }, count);
  }

  /** A failure report's outcome (the failures route calls it). */
  failureReport(outcome: 'counted' | 'not_served'): void {
    this.failureReports.inc({ outcome });
  }

  canary(remote: string, verdict: CanaryVerdict): void {
    this.canaryVerdicts.inc({ remote, verdict });
  }
}
