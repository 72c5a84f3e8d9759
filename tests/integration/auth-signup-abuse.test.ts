import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSupabaseToml } from '../../server/src/config.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { enrolTotp } from '../utils/totp.ts';

// Sign-up is open (the spec), so it must not be a way in: with the project's own limits (no
// test override), one address gets config.toml's `[auth.rate_limit] sign_in_sign_ups` sign-ups
// and sign-ins per 5 minutes, as GoTrue's RATE_LIMIT_SIGN_IN_SIGN_UPS; and no signed-up account
// holds any admin power, whatever it claims about itself.

let stack: TestStack;
const perWindow = readSupabaseToml().auth!.rate_limit!.sign_in_sign_ups!;

beforeAll(async () => {
  stack = await startTestStack({
    rateLimits: undefined,
    trustProxy: { proxies: ['127.0.0.1'] },
  });
});
afterAll(async () => {
  await stack?.stop();
});

/** A sign-up from the visitor at `ip` (as a trusted proxy forwards it). */
async function signUp(ip: string, email = `mass-${randomUUID()}@example.com`) {
  const response = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('mass sign-ups', () => {
  it(`one address gets ${perWindow} per 5 minutes, then 429; another address is not blocked`, async () => {
    expect(perWindow).toBe(30);
    for (let i = 0; i < perWindow; i++) expect((await signUp('198.51.100.7')).status).toBe(200);
    const refused = await signUp('198.51.100.7');
    expect(refused).toEqual({
      status: 429,
      body: expect.objectContaining({
        code: 429,
        error_code: 'over_request_rate_limit',
        msg: 'Request rate limit reached: please wait 5 minutes before trying again.',
      }),
    });
    expect((await signUp('198.51.100.8')).status).toBe(200);
    const { rows } = await stack.pool.query<{ n: number }>(
      `select count(*)::int as "n" from "auth"."users" where "email" like 'mass-%'`,
    );
    expect(rows[0]!.n).toBe(perWindow + 1);
  });
});

describe('a signed-up account', () => {
  it('holds no admin power, whatever it writes about itself', async () => {
    const { client, userId } = await stack.createUser();
    // Metadata is the user's to write; roles are not read from it.
    await client.auth.updateUser({ data: { role: 'admin', is_admin: true } });
    await client.auth.refreshSession();
    const grant = await client.from('user_roles').insert({ user_id: userId, role: 'admin' });
    expect(grant.error).toMatchObject({ code: '42501' });
    const roles = await client.from('user_roles').select('role');
    expect(roles.data).toEqual([]);
    const write = await client.from('lottery_results').insert({
      draw_date: '2093-01-01',
      draw_hour: 1,
      draw_time: '01:30:00',
      first_prize: '1234',
    });
    expect(write.error).toMatchObject({ code: '42501' });
    const rpc = await client.rpc('generate_lottery_results', {
      from_date: '2093-01-01',
      to_date: '2093-01-01',
    });
    expect(rpc.error).toMatchObject({ code: '42501', message: 'Only admins can generate results' });
    const audit = await client.from('audit_trail').select('id').limit(1);
    expect(audit.data).toEqual([]);
    // A second factor makes the session aal2, which is no role either.
    await enrolTotp(client);
    const again = await client.from('lottery_results').delete().eq('draw_date', '2093-01-01');
    expect(again.error).toBeNull();
    const atAal2 = await client.from('lottery_results').insert({
      draw_date: '2093-01-01',
      draw_hour: 2,
      draw_time: '02:30:00',
      first_prize: '1234',
    });
    expect(atAal2.error).toMatchObject({ code: '42501' });
    expect(atAal2.error!.message).toMatch(/row-level security/);
  });
});
