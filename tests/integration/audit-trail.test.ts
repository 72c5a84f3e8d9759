import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startTestStack, type TestClient, type TestStack } from '../utils/stack.ts';

// "Who changed what" (migration 20250601001200) through the unmodified supabase-js, as the
// dashboard's Changes reads it: every change to results and settings, newest first by id, keyset
// pages, filters by time and by account; admins only.

let stack: TestStack;
let admin: SignedIn;
let user: SignedIn;

/** The loops below reach each relation by name, as the access matrix does. */
const untyped = (client: TestClient) => client as unknown as SupabaseClient;

const draw = (date: string, hour: number, prize: string) => ({
  draw_date: date,
  draw_hour: hour,
  draw_time: `${String(hour).padStart(2, '0')}:30:00`,
  first_prize: prize,
});

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
  user = await stack.createUser();

  // An insert, a correction (the draw is published) and a delete that withdraws the number.
  const added = await admin.client
    .from('lottery_results')
    .insert(draw('2024-06-01', 19, '5153'))
    .select('id')
    .single();
  if (added.error) throw added.error;
  await admin.client
    .from('lottery_results')
    .update({ first_prize: '4321' })
    .eq('id', added.data.id);
  await admin.client.from('lottery_results').delete().eq('id', added.data.id);
  // A day generated (24 inserts), then a range of it deleted (4 deletes).
  const generated = await admin.client.functions.invoke('generate-lottery-results', {
    body: { fromDate: '2024-07-01', toDate: '2024-07-01' },
  });
  if (generated.error) throw generated.error;
  await admin.client
    .from('lottery_results')
    .delete()
    .eq('draw_date', '2024-07-01')
    .lt('draw_hour', 4);
  // The database's own draw (no JWT: the owner, as private.run_due_draws runs) and a settings
  // change by SQL, as the operator makes it.
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize, source)
     values ('2024-07-02', 0, '00:30:00', '0042', 'system')`,
  );
  await stack.pool.query(`update public.lottery_settings set timezone = timezone`);
});
afterAll(async () => {
  await stack?.stop();
});

describe('audit_trail as an admin', () => {
  it('lists every change newest first: who, before and after, corrections and withdrawals', async () => {
    const { data, error } = await admin.client
      .from('audit_trail')
      .select('*')
      .order('id', { ascending: false });
    expect(error).toBeNull();
    const rows = data!;
    expect(rows).toHaveLength(3 + 24 + 4 + 2);
    const ids = rows.map((row) => row.id!);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const [settings, system] = rows;
    expect(settings).toMatchObject({ subject: 'settings', action: 'UPDATE', actor_email: null });
    expect(system).toMatchObject({ subject: 'result', action: 'INSERT', actor_email: null });
    expect(system!.new_row).toMatchObject({ first_prize: '0042', source: 'system' });

    const own = rows.filter((row) => row.draw_date === '2024-06-01').reverse();
    expect(own.map((row) => [row.action, row.correction, row.withdrawn])).toEqual([
      ['INSERT', false, false],
      ['UPDATE', true, false],
      ['DELETE', false, true],
    ]);
    expect(
      own.every((row) => row.actor_email === admin.email && row.actor_id === admin.userId),
    ).toBe(true);
    expect(own[1]!.old_row).toMatchObject({ first_prize: '5153' });
    expect(own[1]!.new_row).toMatchObject({ first_prize: '4321', previous_prize: '5153' });
    expect(own[2]!.old_row).toMatchObject({ first_prize: '4321' });

    const july = rows.filter((row) => row.draw_date === '2024-07-01');
    expect(july.filter((row) => row.action === 'INSERT')).toHaveLength(24);
    expect(july.filter((row) => row.action === 'DELETE' && row.withdrawn)).toHaveLength(4);
  });

  it('pages by id, 10 at a time, with no change twice or left out', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 10; page += 1) {
      let query = admin.client
        .from('audit_trail')
        .select('id')
        .order('id', { ascending: false })
        .limit(10);
      if (before !== undefined) query = query.lt('id', before);
      const { data, error } = await query;
      expect(error).toBeNull();
      seen.push(...data!.map((row) => row.id!));
      if (data!.length < 10) break;
      before = data!.at(-1)!.id!;
    }
    expect(seen).toHaveLength(33);
    expect(new Set(seen).size).toBe(33);
  });

  it('filters by account and by time', async () => {
    const byAdmin = await admin.client
      .from('audit_trail')
      .select('id', { count: 'exact', head: true })
      .eq('actor_email', admin.email);
    expect(byAdmin.count).toBe(31);
    const bySystem = await admin.client
      .from('audit_trail')
      .select('subject')
      .is('actor_email', null);
    expect(bySystem.data?.map((row) => row.subject).sort()).toEqual(['result', 'settings']);

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const recent = await admin.client
      .from('audit_trail')
      .select('id', { count: 'exact', head: true })
      .gte('at', hourAgo);
    expect(recent.count).toBe(33);
    const older = await admin.client.from('audit_trail').select('id').lt('at', hourAgo);
    expect(older.data).toEqual([]);
  });

  it('names the accounts for the filter', async () => {
    const { data, error } = await admin.client.rpc('audit_actors');
    expect(error).toBeNull();
    expect(data).toEqual([{ actor_email: admin.email, changes: 31 }]);
  });
});

describe('nobody else reads it', () => {
  it('a signed-in account that is not an admin sees no change and no name', async () => {
    for (const table of ['audit_trail', 'settings_audit_log', 'result_audit_log'] as const) {
      const { data, error } = await untyped(user.client).from(table).select('id');
      expect({ table, data, error }).toEqual({ table, data: [], error: null });
    }
    expect((await user.client.rpc('audit_actors')).data).toEqual([]);
  });

  it('anon is refused outright', async () => {
    const anon = stack.client();
    for (const table of ['audit_trail', 'settings_audit_log'] as const) {
      const { data, error, status } = await untyped(anon).from(table).select('id');
      expect({ table, data, status, code: error?.code }).toEqual({
        table,
        data: null,
        status: 401,
        code: '42501',
      });
    }
    const rpc = await anon.rpc('audit_actors');
    expect({ status: rpc.status, code: rpc.error?.code }).toEqual({ status: 401, code: '42501' });
  });

  it('no one writes the settings trail or the view, not even the service role', async () => {
    const service = stack.client({ key: stack.serviceRoleKey });
    for (const client of [admin.client, service]) {
      const insert = await untyped(client)
        .from('settings_audit_log')
        .insert({ action: 'UPDATE', actor_email: 'forged@example.com' });
      expect(insert.error?.code).toBe('42501');
      const erase = await client.from('audit_trail').delete().gt('id', 0);
      expect(erase.error?.code).toBe('42501');
    }
  });
});
