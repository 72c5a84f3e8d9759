/** Who waits in the queue: one socket, known by its client address. */
export interface QueueOwner {
  readonly address: string;
  /** Database work this socket has been given so far. */
  served: number;
}

/** The queue is full and this work was not (or is no longer) waiting for a turn. */
export class QueueFull extends Error {
  constructor() {
    super('ClientJoinRateLimitReached: Too many joins per second');
  }
}

interface Entry {
  owner: QueueOwner;
  seq: number;
  resolve: () => void;
  reject: (error: QueueFull) => void;
}

/** An address's recent work halves every 10 s, so a visitor's past does not weigh for ever. */
const HALF_LIFE_MS = 10_000;

/**
 * At most `size` pieces of database work at once (joins, token refreshes), over all sockets
 * (ADR 018). Waiting work is served least-served first rather than first come: the address that
 * had the least work lately, then the socket that had the least work ever, then arrival. A socket
 * re-joining in a loop so sinks behind every new visitor's first join, however many such sockets
 * there are, where a FIFO put the new visitor behind all of them. The queue is bounded per socket
 * and in all; when it is full the most-served waiting work is refused to make room for better.
 */
export class FairQueue {
  private active = 0;
  private readonly waiting: Entry[] = [];
  private readonly load = new Map<string, { value: number; at: number }>();
  private seq = 0;
  private charges = 0;

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
    private readonly perOwner: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(owner: QueueOwner, fn: () => Promise<T>): Promise<T> {
    if (this.active < this.size && this.waiting.length === 0) this.active++;
    else await this.enqueue(owner);
    owner.served++;
    this.charge(owner.address);
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private enqueue(owner: QueueOwner): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let mine = 0;
      for (const entry of this.waiting) if (entry.owner === owner) mine++;
      if (mine >= this.perOwner) return reject(new QueueFull());
      const entry = { owner, seq: this.seq++, resolve, reject };
      if (this.waiting.length >= this.maxWaiting) {
        const now = Date.now();
        const worst = this.pick((a, b) => this.compare(a, b, now) > 0);
        if (!worst || this.compare(entry, worst, now) >= 0) return reject(new QueueFull());
        this.waiting.splice(this.waiting.indexOf(worst), 1);
        worst.reject(new QueueFull());
      }
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const now = Date.now();
    const next = this.pick((a, b) => this.compare(a, b, now) < 0);
    if (!next) {
      this.active--;
      return;
    }
    this.waiting.splice(this.waiting.indexOf(next), 1);
    next.resolve();
  }

  /** A linear scan: the queue is bounded, and a scan costs microseconds beside a query. */
  private pick(better: (a: Entry, b: Entry) => boolean): Entry | undefined {
    let chosen: Entry | undefined;
    for (const entry of this.waiting) if (!chosen || better(entry, chosen)) chosen = entry;
    return chosen;
  }

  private compare(a: Entry, b: Entry, now: number): number {
    const byAddress = this.loadOf(a.owner.address, now) - this.loadOf(b.owner.address, now);
    // Addresses within half a join of each other are even: their sockets decide.
    if (Math.abs(byAddress) >= 0.5) return byAddress;
    return a.owner.served - b.owner.served || a.seq - b.seq;
  }

  private loadOf(address: string, now: number): number {
    const entry = this.load.get(address);
    return entry ? entry.value * 2 ** (-(now - entry.at) / HALF_LIFE_MS) : 0;
  }

  private charge(address: string): void {
    const now = Date.now();
    this.load.set(address, { value: this.loadOf(address, now) + 1, at: now });
    // Forget addresses whose work has faded, so the map holds recent addresses only.
    if (this.load.size > 1024 && ++this.charges % 256 === 0) {
      for (const [key] of this.load) if (this.loadOf(key, now) < 0.5) this.load.delete(key);
    }
  }
}
