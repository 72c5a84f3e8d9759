import { PostgrestError } from '../../lib/postgrest/errors.ts';

/** PostgREST's answer when no pool connection frees up in db-pool-acquisition-timeout (Error.hs). */
export function acquisitionTimeout(): PostgrestError {
  return new PostgrestError(504, {
    code: 'PGRST003',
    message: 'Timed out acquiring connection from connection pool.',
  });
}

interface Waiter {
  seq: number;
  costly: boolean;
  done: boolean;
  grant(): void;
}

export interface AdmissionOptions {
  /** Requests that may hold a connection at once: the REST pool's size. */
  slots: number;
  /** How many of them may be costly (patterns, regular expressions, huge filter trees). */
  costlySlots: number;
  /** PostgREST's db-pool-acquisition-timeout: waiting longer answers 504 PGRST003. */
  timeoutMs: number;
}

/**
 * Who gets a database connection next. Like PostgREST's pool, a request waits at most
 * `timeoutMs` and then answers 504 PGRST003 instead of queueing forever. Unlike it, requests
 * whose filters may cost much per row run in a narrow lane of `costlySlots`: two dozen costly
 * reads then wait among themselves while every other request still finds a free connection.
 * Waiting is FIFO within each lane, and across lanes by arrival.
 */
export class Admission {
  private running = 0;
  private runningCostly = 0;
  private seq = 0;
  private readonly plain: Waiter[] = [];
  private readonly costly: Waiter[] = [];

  constructor(private readonly options: AdmissionOptions) {}

  /** Resolves with the function that gives the slot back; rejects with PGRST003 or on abort. */
  acquire(costly: boolean, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new Error('client went away'));
    if (this.queued() === 0 && this.fits(costly)) return Promise.resolve(this.take(costly));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        seq: this.seq++,
        costly,
        done: false,
        grant: () => {
          finish();
          resolve(this.take(costly));
        },
      };
      const fail = (error: Error) => {
        finish();
        reject(error);
        // A waiter leaving may let the one behind it through (it held a lane's head).
        this.dispatch();
      };
      const onAbort = () => fail(new Error('client went away while waiting for a connection'));
      const timer = setTimeout(() => fail(acquisitionTimeout()), this.options.timeoutMs);
      const finish = () => {
        waiter.done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      (costly ? this.costly : this.plain).push(waiter);
      this.dispatch();
    });
  }

  private queued(): number {
    this.prune(this.plain);
    this.prune(this.costly);
    return this.plain.length + this.costly.length;
  }

  private fits(costly: boolean): boolean {
    if (this.running >= this.options.slots) return false;
    return !costly || this.runningCostly < this.options.costlySlots;
  }

  private take(costly: boolean): () => void {
    this.running++;
    if (costly) this.runningCostly++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      if (costly) this.runningCostly--;
      this.dispatch();
    };
  }

  private prune(queue: Waiter[]): void {
    while (queue.length > 0 && queue[0]!.done) queue.shift();
  }

  /** Grants free slots to the earliest waiters that fit. */
  private dispatch(): void {
    for (;;) {
      this.prune(this.plain);
      this.prune(this.costly);
      const plain = this.fits(false) ? this.plain[0] : undefined;
      const costly = this.fits(true) ? this.costly[0] : undefined;
      const next = plain && costly ? (plain.seq < costly.seq ? plain : costly) : (plain ?? costly);
      if (!next) return;
      (next.costly ? this.costly : this.plain).shift();
      next.grant();
    }
  }
}
