import { acquisitionTimeout } from '../lib/postgrest/response/errors.ts';
import type { Lane } from '../lib/postgrest/plan/lane.ts';

interface Waiter {
  seq: number;
  lane: Lane;
  done: boolean;
  grant(): void;
}

export interface AdmissionOptions {
  /** Requests that may hold a connection at once: the REST pool's size. */
  slots: number;
  /** How many of them each narrow lane may hold (lib/postgrest/plan/lane.ts laneOf). */
  laneSlots: { bulk: number; costly: number };
  /** PostgREST's db-pool-acquisition-timeout: waiting longer answers 504 PGRST003. */
  timeoutMs: number;
}

const LANES: Lane[] = ['plain', 'bulk', 'costly'];

/**
 * Who gets a database connection next. Like PostgREST's pool, a request waits at most
 * `timeoutMs` and then answers 504 PGRST003 instead of queueing forever. Unlike it, bulk reads
 * and requests with costly filters run in narrow lanes: two dozen costly reads wait among
 * themselves while every other request still finds a free connection. Waiting is FIFO within
 * a lane, and across lanes by arrival.
 */
export class Admission {
  private seq = 0;
  private running = 0;
  private readonly inLane: Record<Lane, number> = { plain: 0, bulk: 0, costly: 0 };
  private readonly queues: Record<Lane, Waiter[]> = { plain: [], bulk: [], costly: [] };

  constructor(private readonly options: AdmissionOptions) {}

  /** Resolves with the function that gives the slot back; rejects with PGRST003 or on abort. */
  acquire(lane: Lane, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new Error('client went away'));
    if (this.queued() === 0 && this.fits(lane)) return Promise.resolve(this.take(lane));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        seq: this.seq++,
        lane,
        done: false,
        grant: () => {
          finish();
          resolve(this.take(lane));
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
      this.queues[lane].push(waiter);
      this.dispatch();
    });
  }

  private head(lane: Lane): Waiter | undefined {
    const queue = this.queues[lane];
    while (queue.length > 0 && queue[0]!.done) queue.shift();
    return queue[0];
  }

  private queued(): number {
    return LANES.filter((lane) => this.head(lane) !== undefined).length;
  }

  private fits(lane: Lane): boolean {
    if (this.running >= this.options.slots) return false;
    return lane === 'plain' || this.inLane[lane] < this.options.laneSlots[lane];
  }

  private take(lane: Lane): () => void {
    this.running++;
    this.inLane[lane]++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.inLane[lane]--;
      this.dispatch();
    };
  }

  /** Grants free slots to the earliest waiters that fit. */
  private dispatch(): void {
    for (;;) {
      let next: Waiter | undefined;
      for (const lane of LANES) {
        const head = this.fits(lane) ? this.head(lane) : undefined;
        if (head && (!next || head.seq < next.seq)) next = head;
      }
      if (!next) return;
      this.queues[next.lane].shift();
      next.grant();
    }
  }
}
