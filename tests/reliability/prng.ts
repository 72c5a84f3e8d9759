/**
 * A small seeded PRNG (mulberry32) for the fuzzers: the same seed replays the same requests and
 * frames, so any failure it finds is reproducible with FUZZ_SEED=<seed>.
 */
export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Calls one of the generators, so grammars can branch. */
  oneOf<T>(...generators: Array<() => T>): T {
    return this.pick(generators)();
  }

  /** `count` values from `generate`, joined. */
  repeat(count: number, generate: () => string, separator = ''): string {
    return Array.from({ length: count }, generate).join(separator);
  }
}

/** FUZZ_SEED if set, otherwise a fresh seed; either way the caller prints it. */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) && process.env.FUZZ_SEED
    ? fromEnv >>> 0
    : Math.floor(Math.random() * 2 ** 32);
}

/** FUZZ_COUNT scales every surface's share of the total (5,000 by default). */
export function fuzzCount(fallback = 5000): number {
  const fromEnv = Number(process.env.FUZZ_COUNT);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}
