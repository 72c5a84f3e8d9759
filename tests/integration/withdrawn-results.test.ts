import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startTestStack, type TestStack } from '../utils/stack.ts';

// The unmodified supabase-js against the local stack: a deleted published result leaves a public
// trace (ADR 024), and the dashboard's range counts are the database's own (exact HEAD counts, a
// DELETE that answers its count, the generate function's created/skipped).

let stack: TestStack;
let admin: SignedIn;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
});
afterAll(async () => {
  await stack?.stop();
});

const draw = (date: string, hour: number, prize: string) => ({
  draw_date: date,
  draw_hour: hour,
  draw_time: `${String(hour).padStart(2, '0')}:30:00`,
  first_prize: prize,
});

describe('a deleted published result', () => {
  it('stays visible to visitors as withdrawn, beside the number that replaced it', async () => {
    const date = '2024-06-01';
    const added = await admin.client
      .from('lottery_results')
      .insert(draw(date, 19, '5153'))
      .select('id')
      .single();
    expect(added.error).toBeNull();
    const removed = await admin.client.from('lottery_results').delete().eq('id', added.data!.id);
    expect(removed.error).toBeNull();
    // Re-added and corrected: the correction names 4321, the trace keeps 5153.
    const again = await admin.client
      .from('lottery_results')
      .insert(draw(date, 19, '4321'))
      .select('id')
      .single();
    await admin.client
      .from('lottery_results')
      .update({ first_prize: '1111' })
      .eq('id', again.data!.id);

    const visitor = stack.client();
    const traces = await visitor
      .from('withdrawn_results')
      .select('first_prize, source, withdrawn_at')
      .eq('draw_date', date)
      .eq('draw_hour', 19);
    expect(traces.error).toBeNull();
    expect(traces.data).toEqual([
      { first_prize: '5153', source: 'operator', withdrawn_at: expect.any(String) },
    ]);
    const result = await visitor
      .from('lottery_results')
      .select('first_prize, previous_prize')
      .eq('draw_date', date)
      .eq('draw_hour', 19)
      .single();
    expect(result.data).toEqual({ first_prize: '1111', previous_prize: '4321' });
  });

  it('leaves nothing when its draw was still ahead', async () => {
    const date = '2099-06-01';
    await admin.client.from('lottery_results').insert(draw(date, 1, '7777'));
    const removed = await admin.client
      .from('lottery_results')
      .delete({ count: 'exact' })
      .eq('draw_date', date);
    expect(removed.count).toBe(1);
    const { data: forAdmin } = await admin.client
      .from('withdrawn_results')
      .select('*')
      .eq('draw_date', date);
    expect(forAdmin).toEqual([]);
    const { rows } = await stack.pool.query(
      `select count(*)::int as "n" from "public"."withdrawn_results" where "draw_date" = $1`,
      [date],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('cannot be written or erased through the API, by an admin or the service role', async () => {
    const service = stack.client({ key: stack.serviceRoleKey });
    for (const client of [stack.client(), admin.client, service]) {
      const inserted = await client
        .from('withdrawn_results')
        .insert({ draw_date: '2024-01-01', draw_hour: 1, first_prize: '1234', source: 'operator' });
      expect(inserted.error?.code).toBe('42501');
      const erased = await client.from('withdrawn_results').delete().eq('draw_date', '2024-06-01');
      expect(erased.error?.code).toBe('42501');
    }
    const { data } = await stack
      .client()
      .from('withdrawn_results')
      .select('id')
      .eq('draw_date', '2024-06-01');
    expect(data).toHaveLength(1);
  });
});

describe('range counts', () => {
  it('counts a range exactly before, and a range delete answers how many it removed', async () => {
    const from = '2024-07-01';
    const to = '2024-07-02';
    const generated = await admin.client.functions.invoke<{ created: number; skipped: number }>(
      'generate-lottery-results',
      { body: { fromDate: from, toDate: to } },
    );
    expect(generated.data).toMatchObject({ created: 48, skipped: 0 });
    await admin.client.from('lottery_results').delete().eq('draw_date', to).lt('draw_hour', 4);

    const head = await admin.client
      .from('lottery_results')
      .select('id', { count: 'exact', head: true })
      .gte('draw_date', from)
      .lte('draw_date', to);
    expect(head.error).toBeNull();
    expect(head.count).toBe(44);
    expect(head.data).toBeNull();

    const refill = await admin.client.functions.invoke<{ created: number; skipped: number }>(
      'generate-lottery-results',
      { body: { fromDate: from, toDate: to } },
    );
    expect(refill.data).toMatchObject({ created: 4, skipped: 44 });

    const removed = await admin.client
      .from('lottery_results')
      .delete({ count: 'exact' })
      .gte('draw_date', from)
      .lte('draw_date', to);
    expect(removed.error).toBeNull();
    expect(removed.count).toBe(48);
    // Every one of them was published: each left its trace (4 deleted earlier, 48 now).
    const traces = await stack
      .client()
      .from('withdrawn_results')
      .select('id', { count: 'exact', head: true })
      .gte('draw_date', from)
      .lte('draw_date', to);
    expect(traces.count).toBe(52);
  });
});
