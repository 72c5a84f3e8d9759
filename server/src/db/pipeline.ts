import type pg from 'pg';
import { BoundedCache } from '../lib/bounded-cache.ts';
import type { Statement } from '../lib/postgrest/query/sql.ts';

/** node-postgres' wire connection: the extended-protocol messages a Submittable may write. */
interface Connection {
  parse(msg: { text: string; name: string; types: number[] }): void;
  bind(msg: {
    portal: string;
    statement: string;
    values: Array<string | null>;
    binary: boolean;
  }): void;
  describe(msg: { type: 'P' | 'S'; name: string }): void;
  execute(msg: { portal: string; rows: number }): void;
  close(msg: { type: 'P' | 'S'; name: string }): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
}

export interface StatementResult {
  fields: string[];
  rows: Array<Array<string | null>>;
}

/** Named statements kept per connection: parsed and planned once, then only bound and run. */
interface PreparedCache {
  byText: BoundedCache<string, string>;
  next: number;
  /** Names to close on the next round: parsed in a round that failed, so maybe half-made. */
  stale: string[];
}

const MAX_PREPARED = 200;
const caches = new WeakMap<Connection, PreparedCache>();

/**
 * Several statements written in one go and answered in one round trip: Parse/Bind/Execute for
 * each, then a single Sync. Everything before a Sync is one implicit transaction, so the
 * `set_config(…, true)` of the first statement hold for the next, everything commits at the Sync,
 * and an error anywhere rolls all of it back (the rest is skipped up to the Sync).
 */
class Pipeline {
  callback?: (error: Error | null, results: StatementResult[]) => void;
  private readonly results: StatementResult[];
  private index = 0;
  private parsedNow: Array<[string, string]> = [];
  private cache?: PreparedCache;

  constructor(private readonly statements: Statement[]) {
    this.results = statements.map(() => ({ fields: [], rows: [] }));
  }

  submit(connection: Connection): null {
    let cache = caches.get(connection);
    if (!cache)
      caches.set(
        connection,
        (cache = { byText: new BoundedCache(MAX_PREPARED), next: 0, stale: [] }),
      );
    this.cache = cache;
    connection.stream.cork?.();
    try {
      for (const name of cache.stale.splice(0)) connection.close({ type: 'S', name });
      for (const statement of this.statements) {
        const name = this.prepare(connection, cache, statement.text);
        connection.bind({ portal: '', statement: name, values: statement.values, binary: false });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private prepare(connection: Connection, cache: PreparedCache, text: string): string {
    const known = cache.byText.get(text);
    if (known !== undefined) return known;
    const name = `lotto24_rest_${cache.next++}`;
    connection.parse({ text, name, types: [] });
    this.parsedNow.push([text, name]);
    const evicted = cache.byText.set(text, name);
    if (evicted) connection.close({ type: 'S', name: evicted[1] });
    return name;
  }

  handleRowDescription(msg: { fields: Array<{ name: string }> }): void {
    this.results[this.index]!.fields = msg.fields.map((f) => f.name);
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    this.results[this.index]!.rows.push(msg.fields);
  }

  handleCommandComplete(): void {
    this.index++;
  }

  handleEmptyQuery(): void {
    this.index++;
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(): void {}

  handleCopyData(): void {}

  /** node-postgres forgets the active query on an error, so the error is the end of this round. */
  handleError(error: Error): void {
    // Someone ran DEALLOCATE on this connection: forget every name, parse again next time.
    if ((error as { code?: string }).code === '26000') this.cache?.byText.clear();
    for (const [text, name] of this.parsedNow) {
      if (this.cache?.byText.peek(text) === name) this.cache.byText.delete(text);
      this.cache?.stale.push(name);
    }
    this.callback?.(error, this.results);
  }

  handleReadyForQuery(): void {
    this.callback?.(null, this.results);
  }
}

/** Runs the statements as one round trip on `client`; rejects with PostgreSQL's error untouched. */
export function runPipeline(
  client: pg.ClientBase,
  statements: Statement[],
): Promise<StatementResult[]> {
  return new Promise((resolve, reject) => {
    const pipeline = new Pipeline(statements);
    pipeline.callback = (error, results) => (error ? reject(error) : resolve(results));
    client.query(pipeline as unknown as pg.Submittable);
  });
}

/** The rows of a result as objects keyed by column name. */
export function rowsOf(result: StatementResult): Array<Record<string, string | null>> {
  return result.rows.map((row) =>
    Object.fromEntries(result.fields.map((name, i) => [name, row[i] ?? null])),
  );
}
