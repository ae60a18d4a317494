// Load shedding in front of the database. At most `maxInFlight` requests work on the database at
// once (PGlite has one connection: more would only queue inside it); up to `maxQueue` more wait
// their turn, in order, each at most `timeoutMs`. Past that, a request is refused at once with 503
// and Retry-After instead of waiting seconds behind the others. A request whose client goes away
// while it waits is dropped before it touches the database: a read is not run, and a write the
// caller gave up on (a timeout, a closed tab) is not applied.
import type { ServerResponse } from 'node:http';
import { ApiError } from './errors';

export interface AdmissionLimits {
  maxInFlight: number;
  maxQueue: number;
  timeoutMs: number;
}

/** The client closed the connection while the request waited. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client went away while the request waited for the database');
  }
}

const overloaded = (why: string) => new ApiError(503, 'OVERLOADED', `The server is busy (${why}): try again in a moment`, 1);

interface Waiter {
  admit(): void;
  refuse(err: Error): void;
  gone(): boolean;
}

export class Admission {
  private inFlight = 0;
  private readonly waiting: Waiter[] = [];

  /** `onShed`: told each refusal and drop, by reason (the metrics count them). */
  constructor(
    private readonly limits: AdmissionLimits,
    private readonly onShed: (reason: 'queue_full' | 'wait_timeout' | 'client_gone') => void = () => undefined,
  ) {}

  /** What is going on now (for tests and operators). */
  stats() {
    return { inFlight: this.inFlight, waiting: this.waiting.length };
  }

  /**
   * Resolves with `release` once the request may work on the database; rejects with 503 OVERLOADED
   * when the queue is full or the wait too long, or with ClientGoneError.
   */
  enter(res: ServerResponse): Promise<() => void> {
    if (this.inFlight < this.limits.maxInFlight && this.waiting.length === 0) return Promise.resolve(this.take());
    if (this.waiting.length >= this.limits.maxQueue) {
      this.onShed('queue_full');
      return Promise.reject(overloaded(`${this.waiting.length} requests are waiting`));
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        res.off('close', onClose);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
      };
      const onClose = () => {
        leave();
        this.onShed('client_gone');
        reject(new ClientGoneError());
      };
      const timer = setTimeout(() => {
        leave();
        this.onShed('wait_timeout');
        reject(overloaded(`the wait passed ${this.limits.timeoutMs / 1000} s`));
      }, this.limits.timeoutMs);
      const waiter: Waiter = {
        admit: () => {
          leave();
          resolve(this.take());
        },
        refuse: (err) => {
          leave();
          this.onShed('client_gone');
          reject(err);
        },
        gone: () => res.destroyed || res.writableEnded,
      };
      res.once('close', onClose);
      this.waiting.push(waiter);
    });
  }

  private take(): () => void {
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.next();
    };
  }

  private next(): void {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const waiter = this.waiting[0];
      if (waiter.gone()) waiter.refuse(new ClientGoneError());
      else waiter.admit();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's admission queue (see above). */
    admission: Admission;
    /** This server's metrics (metrics.ts). */
    metrics: import('../metrics').ApiMetrics;
    /** How many requests are being served now (app.ts). */
    servingRequests(): number;
  }
}
