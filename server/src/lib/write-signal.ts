/**
 * "The API just committed a write": REST calls `written()` after a write that changed rows, or
 * a volatile function call, committed, before answering, and what this process keeps of the data (the served pages'
 * caches, static/results-changes.ts) drops it. So whoever made the write, and anyone reloading
 * after them, reads it back at once, whatever PostgreSQL's NOTIFY (which covers every other
 * writer) is still on its way.
 */
export class WriteSignal {
  private readonly listeners = new Set<() => void>();

  /** Runs `listener` after every write; returns how to stop. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  written(): void {
    for (const listener of this.listeners) listener();
  }
}
