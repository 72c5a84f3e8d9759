// Row-level security and grants through /rest/v1 as anon, a signed-in user, an admin and the
// service role: PostgreSQL decides, the statuses are PostgREST's SQLSTATE mapping (Error.hs).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, startRestStack, type RestStack, type RestUser } from './rest-harness.ts';

let stack: RestStack;
let user: RestUser;
let admin: RestUser;

beforeAll(async () => {
  stack = await startRestStack();
  [user, admin] = await Promise.all([stack.createUser(), stack.createAdmin()]);
});
afterAll(() => stack?.stop());

describe('reading a scheduled result (publication is a policy)', () => {
  it('only an admin and the service role see it before its draw time', async () => {
    await stack.pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize) values ('2098-01-01', 5, '05:30:00', '5555')`,
    );
    const read = (client: RestUser['client']) =>
      client.from('lottery_results').select('first_prize').eq('draw_date', '2098-01-01');
    expect((await read(stack.client())).data).toEqual([]);
    expect((await read(user.client)).data).toEqual([]);
    expect((await read(admin.client)).data).toEqual([{ first_prize: '5555' }]);
    expect((await read(stack.client({ key: stack.serviceRoleKey }))).data).toEqual([
      { first_prize: '5555' },
    ]);
  });
});

describe('as anon and as a signed-in user without the admin role', () => {
  it('anon may not write: 401 and 42501', async () => {
    const { error, status } = await stack
      .client()
      .from('lottery_results')
      .insert(row('2024-07-01', 1));
    expect(status).toBe(401);
    expect(error).toMatchObject({
      code: '42501',
      message: 'permission denied for table lottery_results',
    });
  });

  it('a user may not insert (RLS): 403', async () => {
    const { error, status } = await user.client
      .from('lottery_results')
      .insert(row('2024-07-01', 1));
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "lottery_results"',
    });
  });

  it('a user updates and deletes nothing (RLS hides the rows)', async () => {
    await stack.pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize) values ('2024-07-02', 1, '01:30:00', '1111')`,
    );
    const updated = await user.client
      .from('lottery_results')
      .update({ first_prize: '2222' })
      .eq('draw_date', '2024-07-02')
      .select();
    expect(updated.data).toEqual([]);
    const deleted = await user.client
      .from('lottery_results')
      .delete({ count: 'exact' })
      .eq('draw_date', '2024-07-02');
    expect(deleted.count).toBe(0);
  });

  it('a user reads only their own roles; the admin check of the app', async () => {
    const mine = await user.client
      .from('user_roles')
      .select('role')
      .eq('user_id', user.userId)
      .eq('role', 'admin')
      .maybeSingle();
    expect(mine).toMatchObject({ data: null, error: null });
    const adminCheck = await admin.client
      .from('user_roles')
      .select('role')
      .eq('user_id', admin.userId)
      .eq('role', 'admin')
      .single();
    expect(adminCheck.data).toEqual({ role: 'admin' });
  });

  it('nobody but the service role grants roles', async () => {
    const self = await user.client
      .from('user_roles')
      .insert({ user_id: user.userId, role: 'admin' });
    expect(self.status).toBe(403);
    const byAdmin = await admin.client
      .from('user_roles')
      .insert({ user_id: user.userId, role: 'admin' });
    expect(byAdmin.status).toBe(403);
  });
});

describe('as the service role', () => {
  const service = () => stack.client({ key: stack.serviceRoleKey });

  it('bypasses row-level security', async () => {
    await stack.pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize) values ('2099-12-31', 1, '01:30:00', '1111')`,
    );
    const { data } = await service()
      .from('lottery_results')
      .select('draw_date')
      .eq('draw_date', '2099-12-31');
    expect(data).toEqual([{ draw_date: '2099-12-31' }]);
  });

  it('answers a foreign key violation with 409 and 23503', async () => {
    const { error, status } = await service()
      .from('user_roles')
      .insert({ user_id: randomUUID(), role: 'admin' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23503');
  });

  it('answers an unknown enum value with 400 and 22P02', async () => {
    const { error, status } = await service()
      .from('user_roles')
      .insert({ user_id: user.userId, role: 'owner' as never });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('may not write the audit log: nobody writes it through the API', async () => {
    const { status } = await service()
      .from('result_audit_log')
      .insert({ action: 'INSERT', result_id: randomUUID() } as never);
    expect([401, 403]).toContain(status);
  });
});
