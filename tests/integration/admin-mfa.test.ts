import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { listFactors, removeFactors } from '../../server/src/seed/admin-factors.ts';
import { invoke, rowsBetween } from '../utils/functions-helpers.ts';
import { type SignedIn, startTestStack, type TestClient, type TestStack } from '../utils/stack.ts';
import { enrolTotp, totpCode } from '../utils/totp.ts';

// A stolen admin password (aal1) against every path an admin changes results by: REST insert,
// edit, delete and range delete, the generate RPC and the generate-lottery-results function,
// through the unmodified supabase-js. The same account, once it verifies a code, does them all
// (ADR 025, migration 20250601001400_admin_mfa).

let stack: TestStack;
let aal1: SignedIn;
let service: TestClient;

beforeAll(async () => {
  stack = await startTestStack();
  aal1 = await stack.createAdmin(undefined, undefined, { aal: 'aal1' });
  service = stack.client({ key: stack.serviceRoleKey });
});
afterAll(async () => {
  await stack?.stop();
});

/** What PostgREST answers an admin at aal1 for any change, and what the app shows. */
const refusal = {
  code: '42501',
  message: 'Two-factor authentication required',
  details:
    'Admin changes need a session verified with an authenticator code (aal2); this session signed in with a password only (aal1).',
  hint: 'Enter the six-digit code from your authenticator app, then try again.',
};

const result = (date: string, hour: number, prize = '1234') => ({
  draw_date: date,
  draw_hour: hour,
  draw_time: `${String(hour).padStart(2, '0')}:30:00`,
  first_prize: prize,
});

async function seeded(date: string, hour: number): Promise<string> {
  const { data, error } = await service
    .from('lottery_results')
    .insert(result(date, hour, '0001'))
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

describe('an admin signed in with the password only (aal1)', () => {
  it('reads the dashboard: every result, the audit trail, the roles', async () => {
    const id = await seeded('2099-01-01', 3);
    const unpublished = await aal1.client.from('lottery_results').select('id').eq('id', id);
    expect(unpublished).toMatchObject({ error: null, data: [{ id }] });
    const audit = await aal1.client.from('audit_trail').select('id').limit(1);
    expect(audit.error).toBeNull();
    expect(audit.data).toHaveLength(1);
    const roles = await aal1.client.from('user_roles').select('role');
    expect(roles.data).toEqual([{ role: 'admin' }]);
  });

  it('changes nothing through REST: insert, edit, delete, range delete; 403 with a clear error', async () => {
    const id = await seeded('2098-01-01', 4);
    const attempts = [
      aal1.client.from('lottery_results').insert(result('2098-01-02', 5)),
      aal1.client.from('lottery_results').update({ first_prize: '9999' }).eq('id', id),
      aal1.client.from('lottery_results').delete().eq('id', id),
      aal1.client
        .from('lottery_results')
        .delete()
        .gte('draw_date', '2098-01-01')
        .lte('draw_date', '2098-12-31'),
      aal1.client.from('lottery_results').upsert(result('2098-01-01', 4, '8888'), {
        onConflict: 'draw_date,draw_hour',
      }),
    ];
    for (const attempt of attempts) {
      const { error, status } = await attempt;
      expect(status).toBe(403);
      expect(error).toMatchObject(refusal);
    }
    expect(await rowsBetween(service, '2098-01-01', '2098-12-31')).toEqual([
      expect.objectContaining({ id, first_prize: '0001' }),
    ]);
  });

  it('generates nothing through the RPC or the function', async () => {
    const rpc = await aal1.client.rpc('generate_lottery_results', {
      from_date: '2097-01-01',
      to_date: '2097-01-01',
    });
    expect(rpc.status).toBe(403);
    expect(rpc.error).toMatchObject(refusal);
    expect(await invoke(aal1.client, { fromDate: '2097-01-02', toDate: '2097-01-02' })).toEqual({
      status: 403,
      body: { error: `${refusal.message}: ${refusal.hint}` },
    });
    expect(await rowsBetween(service, '2097-01-01', '2097-01-02')).toEqual([]);
  });

  it('may not switch the demand off', async () => {
    const { error } = await aal1.client
      .from('lottery_settings')
      .update({ admin_requires_mfa: false })
      .eq('id', true);
    expect(error).toMatchObject({ code: '42501' });
    const { data } = await service.from('lottery_settings').select('admin_requires_mfa').single();
    expect(data).toEqual({ admin_requires_mfa: true });
  });
});

describe('the same admin after verifying a code (aal2)', () => {
  it('does every change: insert, edit, delete, range delete, RPC and function', async () => {
    const admin = await stack.createAdmin(undefined, undefined, { aal: 'aal1' });
    const { session } = await enrolTotp(admin.client);
    expect(session.user.id).toBe(admin.userId);

    const inserted = await admin.client
      .from('lottery_results')
      .insert(result('2096-01-01', 1))
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const edit = await admin.client
      .from('lottery_results')
      .update({ first_prize: '4321' })
      .eq('id', inserted.data!.id)
      .select('first_prize');
    expect(edit.data).toEqual([{ first_prize: '4321' }]);
    const rpc = await admin.client.rpc('generate_lottery_results', {
      from_date: '2096-01-02',
      to_date: '2096-01-02',
    });
    expect(rpc).toMatchObject({ error: null, data: { created: 24, skipped: 0 } });
    const fn = await invoke(admin.client, { fromDate: '2096-01-03', toDate: '2096-01-03' });
    expect(fn).toMatchObject({ status: 200, body: { created: 24 } });
    const one = await admin.client.from('lottery_results').delete().eq('id', inserted.data!.id);
    expect(one.error).toBeNull();
    const range = await admin.client
      .from('lottery_results')
      .delete()
      .gte('draw_date', '2096-01-01')
      .lte('draw_date', '2096-01-31')
      .select('id');
    expect(range.data).toHaveLength(48);
  });
});

describe('the service role', () => {
  it('writes without a factor, and alone switches the demand off and on', async () => {
    expect(
      (await service.from('lottery_results').insert(result('2095-01-01', 1))).error,
    ).toBeNull();
    const off = await service
      .from('lottery_settings')
      .update({ admin_requires_mfa: false })
      .eq('id', true);
    expect(off.error).toBeNull();
    try {
      const { error } = await aal1.client
        .from('lottery_results')
        .update({ first_prize: '2468' })
        .eq('draw_date', '2095-01-01');
      expect(error).toBeNull();
    } finally {
      await service.from('lottery_settings').update({ admin_requires_mfa: true }).eq('id', true);
    }
    const { error } = await aal1.client
      .from('lottery_results')
      .update({ first_prize: '1357' })
      .eq('draw_date', '2095-01-01');
    expect(error).toMatchObject(refusal);
  });
});

describe('a lost phone: `npm run admin -- remove-factor <email>`', () => {
  it('removes the factor; the admin is back at aal1 and enrols a new one', async () => {
    const admin = await stack.createAdmin();
    expect(await listFactors(stack.pool, admin.email)).toEqual([
      expect.objectContaining({ id: admin.factor!.id, status: 'verified' }),
    ]);
    expect(await removeFactors(stack.pool, admin.email.toUpperCase())).toBe(1);
    expect(await listFactors(stack.pool, admin.email)).toEqual([]);
    // The session that verified with the lost factor refreshes at aal1 and changes nothing.
    const refreshed = await admin.client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1');
    const { error } = await admin.client.from('lottery_results').insert(result('2094-01-01', 1));
    expect(error).toMatchObject(refusal);
    // A new phone: enrol and verify again, and changes work.
    const { factor } = await enrolTotp(admin.client, 'new phone');
    expect(totpCode(factor.secret)).toMatch(/^[0-9]{6}$/);
    expect(
      (await admin.client.from('lottery_results').insert(result('2094-01-01', 2))).error,
    ).toBeNull();
    await expect(removeFactors(stack.pool, 'nobody@example.com')).rejects.toThrow(
      'No account with the email nobody@example.com.',
    );
  });
});
