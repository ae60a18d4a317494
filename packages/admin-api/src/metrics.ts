// What an operator scrapes (Prometheus text format, prom-client): per route (named by its
// operationId, never the raw URL) the requests by status and their duration; load shedding; the
// database's errors; sign-ins by outcome; the process. The release control plane adds its own to
// the same registry (src/controlPlane/metrics.ts: release events, canary verdicts, measurements,
// live releases). Each server has its own registry, so two servers in one process (tests) and two
// instances behind one Prometheus each count their own requests. The figures read at scrape time
// from the database (live sessions, and what a plugin adds with scrapeRead) are the same on every
// instance: aggregate them with max(), not sum().
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db';

export type SignInOutcome = 'success' | 'invalid_credentials' | 'throttled' | 'error';
export type ShedReason = 'queue_full' | 'wait_timeout' | 'client_gone';

/** Seconds: the API's answers are 1-50 ms; exports and the image proxy take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** prom-client's default gauges whose names end in `_total`, left out of the registry. */
const GAUGES_NAMED_LIKE_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];
/** A scrape never waits long for the database: a stalled one is a figure (database_up 0), not a stalled scrape. */
const SCRAPE_QUERY_TIMEOUT_MS = 2000;

interface Snapshot {
  sessions: number;
  /** The answers of the reads added with scrapeRead, in their order. */
  reads: unknown[];
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
  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // But for its three gauges named like counters: only a counter's name ends in `_total` (promtool
    // check metrics refuses them; test/promtoolMetrics.test.ts). Their per-type gauges stay
    // (`nodejs_active_handles{type}`, `_requests{type}`, `_resources{type}`): a total is their sum().
    for (const name of GAUGES_NAMED_LIKE_COUNTERS) this.registry.removeSingleMetric(name);
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
  }

  private reading: Promise<Snapshot | null> | null = null;
  private readonly reads: Array<(db: Db) => Promise<unknown>> = [];

  /**
   * Adds `read` to each scrape's one read of the database (run together, under the same 2 s limit,
   * and counted by admin_api_database_up); answers what the gauges of the caller call in their
   * collect(): this scrape's answer of `read`, or null when the database did not answer in time.
   */
  scrapeRead<T>(read: (db: Db) => Promise<T>): () => Promise<T | null> {
    const at = this.reads.push(read) - 1;
    return async () => {
      const s = await this.snapshot();
      return s ? (s.reads[at] as T) : null;
    };
  }

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
        ...this.reads.map((read) => read(sources.db)),
      ]),
      SCRAPE_QUERY_TIMEOUT_MS,
    )
      .then(([active, ...reads]): Snapshot => ({ sessions: (active as Array<{ n: number }>)[0]?.n ?? 0, reads }))
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
