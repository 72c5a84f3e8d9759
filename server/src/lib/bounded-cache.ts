/**
 * A Map with a ceiling: the least recently used entry leaves when a new one would pass `max`.
 * Every in-memory table a stranger can grow (verified tokens, plans, rate-limit keys, prepared
 * statements) is one of these, so none of them grows without end and each evicts the same way.
 * A Map keeps insertion order, so re-inserting on use makes its first key the least recent.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError('a bounded cache holds at least one entry');
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The value, leaving the order alone. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Stores `value` as the most recent; returns the entry evicted to make room, if any. */
  set(key: K, value: V): [K, V] | undefined {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.max) return undefined;
    const oldest = this.entries.entries().next().value as [K, V];
    this.entries.delete(oldest[0]);
    return oldest;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
