// What an operator scrapes (Prometheus text format, prom-client): per route (named by its
// operationId, never the raw URL) the requests by status and their duration; load shedding; the
// database's errors; sign-ins by outcome; release events and canary verdicts; the process. Each
// server has its own registry, so two servers in one process (tests) and two instances behind one
// Prometheus each count their own requests. The figures read at scrape time from the database
// (live sessions, live releases) are the same on every instance: aggregate them with max(), not sum().
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db';
import { listRemoteReleases } from './controlPlane/releases/repository';

export type SignInOutcome = 'success' | 'invalid_credentials' | 'throttled' | 'error';
export type ShedReason = 'queue_full' | 'wait_timeout' | 'client_gone';
export type ReleaseEvent = 'registered' | 'refused' | 'promoted' | 'rolled_back' | 'auto_rolled_back' | 'auto_promoted' | 'failure_reported' | 'measured';
export type CanaryVerdict = 'promoted' | 'rolled_back' | 'auto_rolled_back' | 'judge_rolled_back' | 'judge_promoted';

/** Seconds: the API's answers are 1-50 ms; exports and the image proxy take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A scrape never waits long for the database: a stalled one is a figure (database_up 0), not a stalled scrape. */
const SCRAPE_QUERY_TIMEOUT_MS = 2000;

interface LiveRelease {
  remote: string;
  version: string;
  state: string;
  canaryPercent: number;
  failures: number;
}
interface Snapshot {
  sessions: number;
  releases: LiveRelease[];
}

export interface MetricsSources {
  db: Db;
  /** The admission queue now (http/admission.ts). */
  admission: () => { inFlight: number; waiting: number };
  /** A session with no request for this long has expired (config.sessionIdleMs). */
  sessionIdleMs: number;
}

export class ApiMetrics {
  readonly registry = new Registry();
  private sources: MetricsSources | null = null;

  readonly requests = new Counter({
    name: 'admin_api_http_requests_total',
    help: 'Requests answered, by route (operationId), method and HTTP status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: 'admin_api_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route (operationId) and method',
    labelNames: ['operation', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: 'admin_api_http_errors_total',
    help: 'Error answers by route (operationId) and the error code of the envelope',
    labelNames: ['operation', 'code'] as const,
    registers: [this.registry],
  });
  readonly shed = new Counter({
    name: 'admin_api_load_shed_total',
    help: 'Requests the admission queue refused (503 OVERLOADED) or dropped, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly dbErrors = new Counter({
    name: 'admin_api_database_errors_total',
    help: 'Requests that failed on the database: DATABASE_UNAVAILABLE, DATA_DIR_LOST (503) or QUERY_FAILED (500)',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: 'admin_api_sign_ins_total',
    help: 'Sign-in attempts by outcome: success, invalid_credentials, throttled (429), error',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly releaseEvents = new Counter({
    name: 'admin_api_release_events_total',
    help: 'Release registry changes through this instance, by remote and event',
    labelNames: ['remote', 'event'] as const,
    registers: [this.registry],
  });
  readonly vitals = new Counter({
    name: 'admin_api_vitals_measurements_total',
    help: 'Real-user measurements received (POST /api/vitals): accepted, not_served (of a release the session was never given, never stored), rate_limited (in a batch refused by the per-session limit)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly failureReports = new Counter({
    name: 'admin_api_release_failure_reports_total',
    help: 'Failure reports received (POST /api/admin/releases/failures): counted, not_served (of a release the session was never given, never stored)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly canaryVerdicts = new Counter({
    name: 'admin_api_canary_verdicts_total',
    help: "Canaries' ends through this instance: promoted, rolled_back (by someone), auto_rolled_back (by its failure reports), judge_rolled_back and judge_promoted (by the canary judge)",
    labelNames: ['remote', 'verdict'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // The gauges' collect() has the gauge as `this`; these reach the server's sources.
    const admission = () => this.sources?.admission() ?? null;
    const snapshot = () => this.snapshot();
    new Gauge({
      name: 'admin_api_admission_in_flight',
      help: 'Requests working on the database now',
      registers: [this.registry],
      collect() {
        const now = admission();
        if (now) this.set(now.inFlight);
      },
    });
    new Gauge({
      name: 'admin_api_admission_queue_depth',
      help: 'Requests waiting their turn for the database now',
      registers: [this.registry],
      collect() {
        const now = admission();
        if (now) this.set(now.waiting);
      },
    });
    // The database's figures: one read per scrape, shared by the gauges below (prom-client
    // collects every metric of a scrape at once).
    new Gauge({
      name: 'admin_api_database_up',
      help: "1 when this scrape's query answered, 0 when the database failed or took over 2 s",
      registers: [this.registry],
      async collect() {
        this.set((await snapshot()) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'admin_api_sessions_active',
      help: 'Sessions neither ended nor expired (shared by all instances: use max())',
      registers: [this.registry],
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) this.set(s.sessions);
      },
    });
    const perRelease = (name: string, help: string, value: (r: LiveRelease) => number | null) =>
      new Gauge({
        name,
        help,
        labelNames: ['remote', 'version', 'state'] as const,
        registers: [this.registry],
        async collect() {
          const s = await snapshot();
          this.reset();
          for (const r of s?.releases ?? []) {
            const v = value(r);
            if (v !== null) this.set({ remote: r.remote, version: r.version, state: r.state }, v);
          }
        },
      });
    perRelease('admin_api_release_live', "1 for each remote's live releases, state active or canary (shared: use max())", () => 1);
    perRelease('admin_api_release_canary_percent', "Each remote's canary's share of administrators in percent (shared: use max())", (r) => (r.state === 'canary' ? r.canaryPercent : null));
    perRelease('admin_api_release_failures', "Failures reported against each remote's live releases (shared: use max())", (r) => r.failures);
  }

  private reading: Promise<Snapshot | null> | null = null;

  /** The database's figures for the scrape under way (null: the database did not answer in time). */
  private snapshot(): Promise<Snapshot | null> {
    const sources = this.sources;
    if (!sources) return Promise.resolve(null);
    this.reading ??= withTimeout(
      Promise.all([
        sources.db.query<{ n: number }>(
          'select count(*)::int as n from admin_sessions where revoked_at is null and expires_at > now() and last_seen_at > now() - make_interval(secs => $1)',
          [sources.sessionIdleMs / 1000],
        ),
        listRemoteReleases(sources.db),
      ]),
      SCRAPE_QUERY_TIMEOUT_MS,
    )
      .then(([active, remotes]): Snapshot => ({
        sessions: active[0]?.n ?? 0,
        releases: remotes.flatMap(({ remote, active: a, canary }) =>
          [a, canary].flatMap((r) => (r ? [{ remote, version: r.version, state: r.state, canaryPercent: r.canaryPercent ?? 0, failures: r.failures }] : [])),
        ),
      }))
      .catch(() => null)
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** What the scrape-time figures read (the server calls it once its app is built). */
  attach(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** A sign-in's outcome, from its answer or its error (the auth routes call it). */
  signIn(outcome: SignInOutcome): void {
    this.signIns.inc({ outcome });
  }

  /** The outcome a sign-in error stands for. */
  static signInOutcomeOf(err: unknown): SignInOutcome {
    const code = (err as { code?: unknown })?.code;
    if (code === 'INVALID_CREDENTIALS') return 'invalid_credentials';
    if (typeof code === 'string' && code.startsWith('THROTTLED_')) return 'throttled'; // which limit: THROTTLED_ACCOUNT_ADDRESS, _ADDRESS, _SESSION
    return 'error';
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

  /** The text a scrape answers. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
