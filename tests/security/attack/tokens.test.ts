// Issue 7.2: forged and stale tokens, side by side on both surfaces that read them: REST (which
// must not grant the claimed role) and /auth/v1/user (which must not name the claimed user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/src/lib/jwt.ts';
import { type SignedIn, startTestStack, type TestStack } from '../../utils/stack.ts';
import { claimsOf, insertResult, raw, tamper, unsigned } from './security-harness.ts';

let stack: TestStack;
let user: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  stack = await startTestStack();
  [user, admin] = await Promise.all([stack.createUser(), stack.createAdmin()]);
  // A draw only privileged callers see: what a forged role or sub would be after.
  await insertResult(stack, '2099-06-01', 1, '4242');
});
afterAll(() => stack?.stop());

const now = () => Math.floor(Date.now() / 1000);
const rest = (token: string) =>
  raw(stack, '/rest/v1/lottery_results?select=first_prize&draw_date=eq.2099-06-01', {
    headers: { authorization: `Bearer ${token}` },
  });
const getUser = (token: string) =>
  raw(stack, '/auth/v1/user', { headers: { authorization: `Bearer ${token}` } });

type Forge = () => Promise<string> | string;
const FORGERIES: [name: string, forge: Forge, restCode: string][] = [
  [
    'alg none, claiming service_role',
    () => unsigned(stack.anonKey, { role: 'service_role' }),
    'PGRST301',
  ],
  ['alg none, a user token as is', () => unsigned(user.accessToken), 'PGRST301'],
  [
    'signed with a wrong secret',
    () => signJwt({ ...claimsOf(admin.accessToken) }, 'x'.repeat(64)),
    'PGRST301',
  ],
  [
    'the anon key edited to service_role, signature kept',
    () => tamper(stack.anonKey, { role: 'service_role' }),
    'PGRST301',
  ],
  [
    "a user token edited to the admin's sub",
    () => tamper(user.accessToken, { sub: admin.userId }),
    'PGRST301',
  ],
  [
    'a user token edited to role postgres',
    () => tamper(user.accessToken, { role: 'postgres' }),
    'PGRST301',
  ],
  [
    'expired an hour ago (properly signed)',
    () =>
      signJwt(
        { ...claimsOf(admin.accessToken), iat: now() - 7200, exp: now() - 3600 },
        stack.context.config.jwtSecret,
      ),
    'PGRST303',
  ],
  [
    'the signature stripped',
    () => admin.accessToken.split('.').slice(0, 2).join('.') + '.',
    'PGRST301',
  ],
];

describe.each(FORGERIES)('a forged token: %s', (_name, forge, restCode) => {
  it('REST answers 401 and reveals nothing', async () => {
    const response = await rest(await forge());
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: restCode });
    expect(JSON.stringify(response.body)).not.toContain('4242');
  });

  it('/auth/v1/user answers 403 bad_jwt and names nobody', async () => {
    const response = await getUser(await forge());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error_code: 'bad_jwt' });
    expect(JSON.stringify(response.body)).not.toContain(admin.email);
  });
});

describe('forged keys at the gateway', () => {
  it('an edited or re-signed apikey is not a project key: 401 Invalid API key', async () => {
    for (const apikey of [
      tamper(stack.anonKey, { role: 'service_role' }),
      unsigned(stack.anonKey, { role: 'service_role' }),
      await signJwt({ ...claimsOf(stack.serviceRoleKey) }, 'y'.repeat(64)),
    ]) {
      const response = await raw(stack, '/rest/v1/result_audit_log?select=id', {
        headers: { apikey, authorization: `Bearer ${apikey}` },
      });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 401,
        body: { message: 'Invalid API key' },
      });
    }
  });
});

describe('controls: the genuine tokens work', () => {
  it('the admin token reads the scheduled draw, the user token does not', async () => {
    expect((await rest(admin.accessToken)).body).toEqual([{ first_prize: '4242' }]);
    expect((await rest(user.accessToken)).body).toEqual([]);
    expect((await getUser(admin.accessToken)).body).toMatchObject({ id: admin.userId });
  });
});

describe('the token of a deleted account', () => {
  it('loses its admin rights on REST at once, and /user and refresh refuse it', async () => {
    const doomed = await stack.createAdmin();
    const { data: signIn } = await stack
      .client()
      .auth.signInWithPassword({ email: doomed.email, password: doomed.password });
    expect((await rest(doomed.accessToken)).body).toEqual([{ first_prize: '4242' }]);
    // The stack has no /auth/v1/admin API: an operator deletes accounts in SQL (as in Studio).
    await stack.pool.query(`delete from auth.users where id = $1`, [doomed.userId]);

    // REST is stateless, as PostgREST: the signature still holds until exp, but the grant went
    // with the account (on delete cascade), so the token is a plain authenticated one.
    const after = await rest(doomed.accessToken);
    expect({ status: after.status, body: after.body }).toEqual({ status: 200, body: [] });
    const audit = await stack
      .client({ accessToken: doomed.accessToken })
      .from('result_audit_log')
      .select('id');
    expect(audit.data).toEqual([]);

    const me = await getUser(doomed.accessToken);
    expect(me.status).toBe(403);
    expect(me.body).toMatchObject({ error_code: 'user_not_found' });
    const refreshed = await stack
      .client()
      .auth.refreshSession({ refresh_token: signIn.session!.refresh_token });
    expect(refreshed.data.session).toBeNull();
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});
