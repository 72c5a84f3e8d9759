// Writes through /rest/v1 as an admin, the way the admin dashboard makes them: inserts, upserts,
// updates and deletes, and each constraint's error with PostgREST's status (Error.hs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, startRestStack, type RestStack, type RestUser } from './rest-harness.ts';

let stack: RestStack;
let admin: RestUser;

beforeAll(async () => {
  stack = await startRestStack();
  admin = await stack.createAdmin();
});
afterAll(() => stack?.stop());

describe('as an admin', () => {
  it('inserts one row: 201, and the row with select()', async () => {
    const { data, error, status } = await admin.client
      .from('lottery_results')
      .insert(row('2024-06-01', 1))
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    // created_by comes from the JWT (a trigger), not from the client.
    expect(data).toMatchObject({
      ...row('2024-06-01', 1),
      created_by: admin.email,
      updated_by: null,
    });
  });

  it('inserts without select(): 201 and no body', async () => {
    const { data, error, status } = await admin.client
      .from('lottery_results')
      .insert(row('2024-06-01', 2));
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
  });

  it('inserts many rows in one request, and counts them', async () => {
    const rows = [3, 4, 5].map((h) => row('2024-06-01', h));
    const { data, count, status } = await admin.client
      .from('lottery_results')
      .insert(rows, { count: 'exact' })
      .select('draw_hour');
    expect(status).toBe(201);
    expect(count).toBe(3);
    expect(data).toEqual([{ draw_hour: 3 }, { draw_hour: 4 }, { draw_hour: 5 }]);
  });

  it('answers a duplicate draw with 409 and 23505', async () => {
    const { error, status } = await admin.client
      .from('lottery_results')
      .insert(row('2024-06-01', 1));
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: '23505',
      message:
        'duplicate key value violates unique constraint "lottery_results_draw_date_draw_hour_key"',
      // PostgreSQL withholds the key values when row-level security applies to the caller.
      details: null,
      hint: null,
    });
  });

  it('rolls back the whole batch when one row fails', async () => {
    const { status } = await admin.client
      .from('lottery_results')
      .insert([row('2024-06-02', 1), row('2024-06-01', 1)]);
    expect(status).toBe(409);
    const { count } = await admin.client
      .from('lottery_results')
      .select('*', { count: 'exact', head: true })
      .eq('draw_date', '2024-06-02');
    expect(count).toBe(0);
  });

  it.each([
    ['a check constraint', row('2024-06-03', 1, '12x4'), '23514'],
    ['a value of the wrong type', { ...row('2024-06-03', 1), draw_hour: 'one' }, '22P02'],
    ['a malformed date', row('2024-06-xx', 1), '22007'],
    ['an impossible date', row('2024-13-45', 1), '22008'],
    ['a missing not-null value', { draw_date: '2024-06-03', draw_hour: 1 }, '23502'],
  ])('answers %s with 400', async (_name, body, code) => {
    const { error, status } = await admin.client.from('lottery_results').insert(body as never);
    expect(status).toBe(400);
    expect(error?.code).toBe(code);
  });

  it('answers an unknown column with PGRST204', async () => {
    const { error, status } = await admin.client
      .from('lottery_results')
      .insert({ ...row('2024-06-03', 1), nope: 1 } as never);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'lottery_results' in the schema cache",
    });
  });

  it('upserts: merge-duplicates updates (200), ignore-duplicates keeps (201)', async () => {
    const merged = await admin.client
      .from('lottery_results')
      .upsert(row('2024-06-01', 1, '9999'), { onConflict: 'draw_date,draw_hour' })
      .select('first_prize');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ first_prize: '9999' }]);
    const fresh = await admin.client
      .from('lottery_results')
      .upsert(row('2024-06-01', 6), { onConflict: 'draw_date,draw_hour' })
      .select('draw_hour');
    expect(fresh.status).toBe(201);
    const ignored = await admin.client
      .from('lottery_results')
      .upsert([row('2024-06-01', 1, '0000'), row('2024-06-01', 7)], {
        onConflict: 'draw_date,draw_hour',
        ignoreDuplicates: true,
      })
      .select('draw_hour, first_prize');
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([{ draw_hour: 7, first_prize: '1234' }]);
  });

  it('updates by id: updated_by from the JWT, 204 or the row', async () => {
    const { data: target } = await admin.client
      .from('lottery_results')
      .select('id')
      .eq('draw_date', '2024-06-01')
      .eq('draw_hour', 2)
      .single();
    const minimal = await admin.client
      .from('lottery_results')
      .update({ first_prize: '4242' })
      .eq('id', target!.id);
    expect(minimal.status).toBe(204);
    const full = await admin.client
      .from('lottery_results')
      .update({ first_prize: '4343' })
      .eq('id', target!.id)
      .select()
      .single();
    expect(full.status).toBe(200);
    expect(full.data).toMatchObject({ first_prize: '4343', updated_by: admin.email });
  });

  it('rolls back a single() update that matches several rows (PGRST116)', async () => {
    const { error, status } = await admin.client
      .from('lottery_results')
      .update({ first_prize: '0001' })
      .eq('draw_date', '2024-06-01')
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    const { data } = await admin.client
      .from('lottery_results')
      .select('first_prize')
      .eq('first_prize', '0001');
    expect(data).toEqual([]);
  });

  it('deletes a range and says how many rows went', async () => {
    const { count, status } = await admin.client
      .from('lottery_results')
      .delete({ count: 'exact' })
      .gte('draw_date', '2024-06-01')
      .lte('draw_date', '2024-06-01');
    expect(status).toBe(204);
    expect(count).toBe(7);
  });
});
