import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * bcrypt off the event loop (ADR 019). bcryptjs is pure JavaScript: one cost-10 hash holds the
 * thread for tens of milliseconds, so a handful of concurrent sign-ins (or `PUT /user` with the
 * current password) used to stall every visitor's REST read behind them. The hashing runs in a
 * small pool of worker threads instead, with a bounded queue: past it the caller is told the
 * stack is busy (auth answers 429) rather than waiting behind a flood.
 */
export class PasswordPoolBusyError extends Error {
  constructor() {
    super('Too many password checks are waiting');
    this.name = 'PasswordPoolBusyError';
  }
}

type Job =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string };

interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** The worker's whole program: plain CommonJS, so it runs the same under tsx, vitest and node. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', ({ id, job }) => {
  try {
    const result = job.op === 'hash'
      ? bcrypt.hashSync(job.password, job.cost)
      : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

export interface PasswordPoolOptions {
  /** Worker threads; the core count minus one (the event loop's), at least one. */
  size?: number;
  /** Jobs allowed to wait for a worker; one more is refused. */
  maxQueue?: number;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

export class PasswordPool {
  readonly size: number;
  readonly maxQueue: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;

  constructor(options: PasswordPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.maxQueue = Math.max(0, options.maxQueue ?? 64);
  }

  /** Jobs running or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((slot) => slot.busy).length;
  }

  run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { job, resolve, reject };
      const idle = this.idleSlot();
      if (idle) return this.start(idle, pending);
      if (this.queue.length >= this.maxQueue) return reject(new PasswordPoolBusyError());
      this.queue.push(pending);
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const pending of this.queue.splice(0)) pending.reject(new Error('password pool closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private idleSlot(): Slot | undefined {
    const idle = this.slots.find((slot) => !slot.busy);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.spawn();
    return undefined;
  }

  private spawn(): Slot {
    const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
    // An idle worker never keeps a process (a test run, a CLI) alive; a busy one does.
    worker.unref();
    const slot: Slot = { worker, busy: null };
    worker.on('message', (message: { result?: string | boolean; error?: string }) => {
      const pending = slot.busy;
      slot.busy = null;
      worker.unref();
      if (pending) {
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.result!);
      }
      this.drain(slot);
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', () => this.replace(slot, new Error('password worker exited')));
    this.slots.push(slot);
    return slot;
  }

  /** A crashed worker fails its one job and leaves; the next job spawns a fresh one. */
  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    slot.busy?.reject(error);
    slot.busy = null;
    const next = this.queue.shift();
    if (next) this.start(this.idleSlot()!, next);
  }

  private drain(slot: Slot): void {
    const next = this.queue.shift();
    if (next) this.start(slot, next);
  }

  private start(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    slot.worker.ref();
    slot.worker.postMessage({ id: this.nextId++, job: pending.job });
  }
}

let shared: PasswordPool | undefined;

/** The process's one pool, made on first use. */
export function passwordPool(): PasswordPool {
  return (shared ??= new PasswordPool());
}
