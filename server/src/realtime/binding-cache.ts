import { BoundedCache } from '../lib/bounded-cache.ts';
import { canonical } from '../lib/phoenix/messages.ts';
import type { CompiledBinding } from './subscribe.ts';

/** Distinct (role, bindings) kept, the longest key kept, and how long an answer is trusted. */
const MAX_ENTRIES = 1024;
const MAX_KEY_BYTES = 4096;
export const BINDINGS_TTL_MS = 60_000;

interface Entry {
  at: number;
  bindings: Promise<CompiledBinding[]>;
}

/**
 * A join's compiled bindings by role and parameters, shared by every join that asks the same:
 * 10,000 visitors joining the Today page's channel as anon need the publication and column
 * queries once, not 10,000 times, and their channels share one `CompiledBinding[]`, which lets
 * the dispatcher treat them as one group (dispatcher.ts).
 *
 * What a compile reads is the catalog: the publication's tables, the role's column privileges and
 * the filter values cast to the columns' types. Any DDL (GRANT, REVOKE, ALTER TABLE/PUBLICATION)
 * clears the cache through the capture's event trigger (capture.ts, listener.ts); what an event
 * trigger cannot see (role membership, a stack without the superuser to install it) is read again
 * after BINDINGS_TTL_MS at the latest. A subscription realtime created keeps what it checked for
 * the channel's life in any case; row-level security and column privileges of each change are
 * read per change (dispatcher.ts), never from here.
 */
export class BindingCache {
  private readonly entries = new BoundedCache<string, Entry>(MAX_ENTRIES);

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The kept answer for `role` and `params`, or `compile()`'s. A failed compile (a refused
   * binding, a busy queue, the database away) is not kept: a join that was waiting on it compiles
   * for itself.
   */
  get(
    role: string,
    params: readonly unknown[],
    compile: () => Promise<CompiledBinding[]>,
  ): Promise<CompiledBinding[]> {
    const key = `${role}\u0000${canonical(params)}`;
    if (key.length > MAX_KEY_BYTES) return compile();
    const kept = this.entries.get(key);
    if (kept && this.now() - kept.at < BINDINGS_TTL_MS) return kept.bindings.catch(compile);
    const bindings = compile();
    const entry = { at: this.now(), bindings };
    this.entries.set(key, entry);
    bindings.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return bindings;
  }

  /** The catalog changed: every later join compiles afresh. */
  clear(): void {
    this.entries.clear();
  }
}
