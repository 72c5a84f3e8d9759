// Forgery: what a caller claims about themselves in a request body counts for nothing. The
// authorship stamps of lottery_results and the audit trail come from the verified JWT; roles come
// only from the operator (service role or owner), never from a sign-up or a self-service write.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../utils/stack.ts';
import {
  freeDraw,
  startSecurityStack,
  type Caller,
  type Role,
  type SecurityStack,
} from './harness.ts';

let security: SecurityStack;
let stack: TestStack;
let who: Record<Role, Caller>;
let admin: { client: Caller['client']; email: string; userId: string };
beforeAll(async () => {
  security = await startSecurityStack();
  stack = security.stack;
  who = security.callers;
  admin = { client: who.admin.client, email: who.admin.email!, userId: who.admin.userId! };
});
afterAll(() => security?.stop());

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const FORGED = {
  id: randomUUID(),
  created_by: 'someone-else@example.com',
  updated_by: 'someone-else@example.com',
  created_at: '2000-01-01T00:00:00+00:00',
  updated_at: '2000-01-01T00:00:00+00:00',
};
const audit = (resultId: string) =>
  stack.pool.query<{ action: string; actor_id: string; actor_email: string }>(
    `select action, actor_id, actor_email from public.result_audit_log where result_id = $1 order by id`,
    [resultId],
  );

describe('authorship columns of lottery_results', () => {
  it('an admin insert is stamped with the token email, whatever the body says', async () => {
    const before = Date.now();
    const { data, error } = await admin.client
      .from('lottery_results')
      // A client may choose a new row's id (as on Supabase): it is a key, not an authorship stamp.
      .insert({ ...freeDraw(true), ...FORGED, id: undefined })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ created_by: admin.email, updated_by: null });
    expect(Date.parse(data!.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(data!.updated_at).toBe(data!.created_at);
    expect((await audit(data!.id)).rows).toEqual([
      { action: 'INSERT', actor_id: admin.userId, actor_email: admin.email },
    ]);
  });

  it('an admin update cannot rewrite id, created_* or updated_by', async () => {
    const created = await admin.client
      .from('lottery_results')
      .insert(freeDraw(true))
      .select()
      .single();
    const { data, error } = await admin.client
      .from('lottery_results')
      .update({ first_prize: '4321', ...FORGED })
      .eq('id', created.data!.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: created.data!.id,
      first_prize: '4321',
      created_by: admin.email,
      created_at: created.data!.created_at,
      updated_by: admin.email,
    });
    expect(data!.updated_at).not.toBe(FORGED.updated_at);
    expect((await audit(data!.id)).rows.map((r) => [r.action, r.actor_email])).toEqual([
      ['INSERT', admin.email],
      ['UPDATE', admin.email],
    ]);
  });

  it('the service role (no email in its key) may attribute a row explicitly, as documented', async () => {
    const { data } = await who.service.client
      .from('lottery_results')
      .insert({ ...freeDraw(true), created_by: 'import-script' })
      .select()
      .single();
    expect(data).toMatchObject({ created_by: 'import-script', updated_by: null });
    // Its timestamps are still the database's.
    expect(data.created_at).not.toBe(FORGED.created_at);
  });
});

describe('granting roles', () => {
  it('a plain user cannot grant themselves admin: insert, upsert or update', async () => {
    const user = who.user.client;
    const own = { user_id: who.user.userId, role: 'admin' };
    const attempts = [
      await user.from('user_roles').insert(own),
      await user.from('user_roles').upsert(own, { onConflict: 'user_id,role' }),
      await user
        .from('user_roles')
        .update({ user_id: who.user.userId })
        .eq('user_id', who.admin.userId),
    ];
    for (const { status, error } of attempts) {
      expect({ status, code: error?.code }).toEqual({ status: 403, code: '42501' });
    }
    const rows = await stack.pool.query(`select 1 from public.user_roles where user_id = $1`, [
      who.user.userId,
    ]);
    expect(rows.rowCount).toBe(0);
  });

  it('an admin reads every grant but can neither grant, move nor revoke one', async () => {
    const read = await who.admin.client.from('user_roles').select('user_id');
    expect(read.data).toEqual(expect.arrayContaining([{ user_id: who.admin.userId }]));
    const adminClient = who.admin.client.from('user_roles');
    const attempts = [
      await adminClient.insert({ user_id: who.user.userId, role: 'admin' }),
      await who.admin.client
        .from('user_roles')
        .update({ user_id: who.user.userId })
        .eq('user_id', who.admin.userId),
      await who.admin.client.from('user_roles').delete().eq('user_id', who.admin.userId),
    ];
    for (const { status, error } of attempts) {
      expect({ status, code: error?.code }).toEqual({ status: 403, code: '42501' });
    }
    const grants = await stack.pool.query<{ user_id: string }>(
      `select user_id from public.user_roles where user_id = any ($1)`,
      [[who.user.userId, who.admin.userId]],
    );
    expect(grants.rows).toEqual([{ user_id: who.admin.userId }]);
  });

  it('sign-up metadata asking for a role changes neither the token role nor user_roles', async () => {
    const email = `climber-${randomUUID()}@example.com`;
    const { data, error } = await stack.client().auth.signUp({
      email,
      password: 'correct-horse-battery',
      options: { data: { role: 'service_role', app_role: 'admin', is_admin: true } },
    });
    expect(error).toBeNull();
    const claims = claimsOf(data.session!.access_token);
    expect(claims.role).toBe('authenticated');
    expect(claims.app_metadata).not.toHaveProperty('role');
    const grants = await stack.pool.query(`select 1 from public.user_roles where user_id = $1`, [
      data.user!.id,
    ]);
    expect(grants.rowCount).toBe(0);
    // The token still gets nothing an admin gets: the audit trail stays hidden.
    const client = stack.client({ accessToken: data.session!.access_token });
    expect((await client.from('result_audit_log').select('id')).data).toEqual([]);
  });
});
