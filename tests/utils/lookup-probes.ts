// Probes for the stack's server-side lookups (the served day, the draw number of a preview):
// how many connections they take from their pool, and which plan PostgreSQL gives their query.
import type pg from 'pg';

/** `pool` as a lookup sees it, counting the connections the lookup takes. */
export function countingPool(pool: pg.Pool): { connects: number; pool: pg.Pool } {
  const counter = { connects: 0 };
  const counting = new Proxy(pool, {
    get(target, key) {
      if (key !== 'connect') return Reflect.get(target, key) as unknown;
      return () => {
        counter.connects += 1;
        return target.connect();
      };
    },
  });
  return Object.assign(counter, { pool: counting });
}

/**
 * The plan of `statement` with sequential scans switched off: a table of a few rows fits one
 * page, where PostgreSQL would rightly scan it; this asks whether the index can serve the query.
 */
export async function planWithoutSeqScan(
  pool: pg.Pool,
  statement: { text: string; values: unknown[] },
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain ${statement.text}`,
      statement.values,
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
}
