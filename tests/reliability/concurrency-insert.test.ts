// Concurrency: many admins writing the same draw at once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';
import { auditProblems, auditSince, integrityProblems, lastAuditId } from './concurrency-audit.ts';

let stack: TestStack;
let admin: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  stack = await startTestStack();
  [admin, other] = await Promise.all([stack.createAdmin(), stack.createAdmin()]);
});
afterAll(() => stack?.stop());

const draw = (date: string, hour: number, prize: string) => ({
  draw_date: date,
  draw_hour: hour,
  draw_time: `${String(hour).padStart(2, '0')}:30:00`,
  first_prize: prize,
});

it('lets exactly one of 50 simultaneous inserts of one draw win; 49 get a clear 409', async () => {
  const since = await lastAuditId(stack.pool);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      admin.client
        .from('lottery_results')
        .insert(draw('2030-05-05', 7, String(i).padStart(4, '0'))),
    ),
  );
  const won = answers.filter((a) => a.error === null);
  const lost = answers.filter((a) => a.error !== null);
  expect(won.map((a) => a.status)).toEqual([201]);
  expect(lost).toHaveLength(49);
  for (const { status, error } of lost) {
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: '23505',
      message:
        'duplicate key value violates unique constraint "lottery_results_draw_date_draw_hour_key"',
    });
    // PostgreSQL leaves the key out of DETAIL when the table has row-level security.
    expect(error!.details).toBeNull();
  }
  const { data } = await admin.client
    .from('lottery_results')
    .select('id, first_prize')
    .eq('draw_date', '2030-05-05')
    .eq('draw_hour', 7);
  expect(data).toHaveLength(1);
  // The losers rolled back whole: one audit entry, the winner's.
  const audit = await auditSince(stack.pool, since);
  expect(audit.map((e) => [e.action, e.result_id, e.actor_email])).toEqual([
    ['INSERT', data![0]!.id, admin.email],
  ]);
  expect(await integrityProblems(stack.pool)).toEqual([]);
  expect(await auditProblems(stack.pool)).toEqual([]);
});

it('keeps the last of two admins’ concurrent edits, with one audit entry each', async () => {
  for (let round = 0; round < 10; round++) {
    const { data: row, error } = await admin.client
      .from('lottery_results')
      .insert(draw('2030-06-01', round, '0000'))
      .select('id')
      .single();
    expect(error).toBeNull();
    const since = await lastAuditId(stack.pool);
    // As the admin UI's update-result does: update by id and ask for the row back.
    const edit = (who: SignedIn, prize: string) =>
      who.client
        .from('lottery_results')
        .update({ first_prize: prize })
        .eq('id', row!.id)
        .select('id');
    const [a, b] = await Promise.all([edit(admin, '1111'), edit(other, '2222')]);
    expect([a.error, b.error, a.data, b.data]).toEqual([null, null, [row], [row]]);

    const audit = await auditSince(stack.pool, since);
    expect(audit.map((e) => e.action)).toEqual(['UPDATE', 'UPDATE']);
    const byEmail = Object.fromEntries(audit.map((e) => [e.actor_email, e]));
    expect(byEmail[admin.email]).toMatchObject({
      actor_id: admin.userId,
      new_row: { first_prize: '1111' },
    });
    expect(byEmail[other.email]).toMatchObject({
      actor_id: other.userId,
      new_row: { first_prize: '2222' },
    });
    // The row lock serialises them: the second saw the first's result as its old row.
    const [first, last] = audit as [(typeof audit)[0], (typeof audit)[0]];
    expect(last.old_row).toEqual(first.new_row);
    const { data: final } = await admin.client
      .from('lottery_results')
      .select('first_prize, updated_by')
      .eq('id', row!.id)
      .single();
    expect(final).toEqual({ first_prize: last.new_row!.first_prize, updated_by: last.actor_email });
  }
  expect(await auditProblems(stack.pool)).toEqual([]);
});
