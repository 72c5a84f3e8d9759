// Concurrency: the draw machine (generate-lottery-results, through supabase.functions)
// racing the admin UI's range delete, many times. Afterwards: no duplicate draw, every
// constraint holds, and the audit log tells exactly the story of each row.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invoke } from '../utils/functions-helpers.ts';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';
import { auditProblems, auditSince, integrityProblems, lastAuditId } from './concurrency-audit.ts';
import { fuzzSeed, Prng } from './prng.ts';

const ROUNDS = 15;
const FROM = '2031-02-01';
const TO = '2031-02-03';

let stack: TestStack;
let admin: SignedIn;
beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
});
afterAll(() => stack?.stop());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** As src/features/admin/api/delete-results-range.ts deletes, with the count asked for. */
async function deleteRange(): Promise<number> {
  const { error, count } = await admin.client
    .from('lottery_results')
    .delete({ count: 'exact' })
    .gte('draw_date', FROM)
    .lte('draw_date', TO);
  if (error) throw error;
  return count ?? -1;
}

it(
  'keeps the table and its audit log consistent while generate and delete race',
  { timeout: 120_000 },
  async () => {
    const seed = fuzzSeed();
    console.info(`concurrency-race: FUZZ_SEED=${seed}`);
    const rng = new Prng(seed);
    const totals = { created: 0, deleted: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const since = await lastAuditId(stack.pool);
      // A random head start for one side, so each ordering (and a true overlap) occurs.
      const lead = rng.int(0, 30);
      const generateFirst = rng.chance(0.5);
      const [generated, deleted] = await Promise.all([
        (async () => {
          if (!generateFirst) await pause(lead);
          return invoke(admin.client, { fromDate: FROM, toDate: TO });
        })(),
        (async () => {
          if (generateFirst) await pause(lead);
          return deleteRange();
        })(),
      ]);
      expect(generated.status).toBe(200);
      const { created, skipped } = generated.body as { created: number; skipped: number };
      expect(created + skipped).toBe(72);

      // This round's audit entries are exactly what both callers reported, each by the admin.
      const audit = await auditSince(stack.pool, since);
      expect(audit.filter((e) => e.action === 'INSERT')).toHaveLength(created);
      expect(audit.filter((e) => e.action === 'DELETE')).toHaveLength(deleted);
      expect(audit.filter((e) => e.action === 'UPDATE')).toEqual([]);
      expect(new Set(audit.map((e) => `${e.actor_id} ${e.actor_email}`))).toEqual(
        new Set([`${admin.userId} ${admin.email}`]),
      );
      totals.created += created;
      totals.deleted += deleted;

      expect(await integrityProblems(stack.pool)).toEqual([]);
      const { rows } = await stack.pool.query<{ n: number }>(
        'select count(*)::int as n from public.lottery_results where draw_date between $1 and $2',
        [FROM, TO],
      );
      // Live rows = all inserts minus all deletes, and never more than one per hour.
      expect(rows[0]!.n).toBe(totals.created - totals.deleted);
      expect(rows[0]!.n).toBeLessThanOrEqual(72);
    }
    expect(await auditProblems(stack.pool)).toEqual([]);
    console.info(
      `concurrency-race: ${ROUNDS} rounds, ${totals.created} created, ${totals.deleted} deleted`,
    );
    // Both sides really ran into each other's rows at least once.
    expect(totals.created).toBeGreaterThan(72);
    expect(totals.deleted).toBeGreaterThan(0);
  },
);
