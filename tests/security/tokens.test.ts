// Forged, tampered and expired JWTs against every surface that reads a token: REST (read and
// write), /auth/v1/user and the functions gateway. None may fall back to anon, and none may act as
// the identity it claims. Then the token of a deleted account.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt.ts';
import { freeDraw, http, type SecurityStack, startSecurityStack } from './harness.ts';

let sec: SecurityStack;
beforeAll(async () => {
  sec = await startSecurityStack();
});
afterAll(() => sec?.stop());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const none = (claims: unknown) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
/** Another token's header and signature around edited claims: what a tamperer can produce. */
const retouch = (token: string, edit: (claims: Record<string, unknown>) => object) => {
  const [header, , signature] = token.split('.');
  return `${header}.${b64(edit(decodeJwt(token)))}.${signature}`;
};
const adminClaims = () => decodeJwt(sec.callers.admin.bearer);

const FORGERIES: Array<[string, () => Promise<string> | string]> = [
  ['alg none, service_role', () => none({ role: 'service_role' })],
  ['alg none, the admin claims', () => none(adminClaims())],
  ['wrong secret, the admin claims', () => signJwt(adminClaims(), 'x'.repeat(40))],
  [
    'anon key edited to service_role',
    () => retouch(sec.stack.anonKey, (c) => ({ ...c, role: 'service_role' })),
  ],
  [
    'user token, sub edited to the admin',
    () => retouch(sec.callers.user.bearer, (c) => ({ ...c, sub: sec.callers.admin.userId })),
  ],
  [
    'user token, role edited to service_role',
    () => retouch(sec.callers.user.bearer, (c) => ({ ...c, role: 'service_role' })),
  ],
  [
    'admin token expired an hour ago (rightly signed)',
    () =>
      signJwt(
        { ...adminClaims(), iat: now() - 7200, exp: now() - 3600 },
        sec.stack.context.config.jwtSecret,
      ),
  ],
];

describe.each(FORGERIES)('%s', (_name, forge) => {
  let token = '';
  beforeAll(async () => {
    token = await forge();
  });
  const as = () => ({ ...sec.callers.anon, bearer: token });

  it('REST read: 401 PGRST301/303, not a fallback to anon', async () => {
    const answer = await http(sec.stack, as(), '/rest/v1/lottery_results?select=id&limit=1');
    expect(answer.status).toBe(401);
    expect((answer.json as { code: string }).code).toMatch(/^PGRST30[13]$/);
  });

  it('REST write: 401 and nothing written', async () => {
    const row = freeDraw(false);
    const answer = await http(sec.stack, as(), '/rest/v1/lottery_results', {
      method: 'POST',
      body: JSON.stringify(row),
    });
    expect(answer.status).toBe(401);
    const { rowCount } = await sec.stack.pool.query(
      `select 1 from public.lottery_results where draw_date = $1 and draw_hour = $2`,
      [row.draw_date, row.draw_hour],
    );
    expect(rowCount).toBe(0);
  });

  it('/auth/v1/user: 403 bad_jwt', async () => {
    const answer = await http(sec.stack, as(), '/auth/v1/user');
    expect(answer).toMatchObject({ status: 403, json: { error_code: 'bad_jwt' } });
  });

  it('functions gateway (verify_jwt): 401 before the function runs', async () => {
    const answer = await http(sec.stack, as(), '/functions/v1/generate-lottery-results', {
      method: 'POST',
      body: JSON.stringify({ fromDate: '2097-01-01', toDate: '2097-01-01' }),
    });
    expect(answer.status).toBe(401);
    const { rowCount } = await sec.stack.pool.query(
      `select 1 from public.lottery_results where draw_date = '2097-01-01'`,
    );
    expect(rowCount).toBe(0);
  });
});

describe('a deleted user’s token', () => {
  it('stops working on /auth/v1/user and carries no rights on REST', async () => {
    const victim = await sec.stack.createAdmin();
    const as = { ...sec.callers.anon, bearer: victim.accessToken };
    const everyGrant = `/rest/v1/user_roles?select=user_id`;
    const before = await http(sec.stack, as, everyGrant);
    // As an admin it reads every grant: the caller's and the stack's own admins (aal1 and aal2).
    expect((before.json as unknown[]).length).toBe(3);
    // The operator deletes the account (the local stack serves no /auth/v1/admin API: below).
    await sec.stack.pool.query(`delete from auth.users where id = $1`, [victim.userId]);

    expect(await http(sec.stack, as, '/auth/v1/user')).toMatchObject({
      status: 403,
      json: { error_code: 'user_not_found' },
    });
    // PostgREST checks the signature only, so the token still runs as `authenticated`; its grant
    // went with the user (user_roles cascades): nothing private to read, nothing to write.
    const roles = await http(sec.stack, as, everyGrant);
    expect([roles.status, roles.json]).toEqual([200, []]);
    const hidden = await http(sec.stack, as, '/rest/v1/result_audit_log?select=id');
    expect([hidden.status, hidden.json]).toEqual([200, []]);
    const write = await http(sec.stack, as, '/rest/v1/lottery_results', {
      method: 'POST',
      body: JSON.stringify(freeDraw(true)),
    });
    expect(write.status).toBe(403);
  });

  it('the GoTrue admin API answers the service role only', async () => {
    const target = sec.callers.user.userId!;
    for (const who of [sec.callers.admin, sec.callers.anon]) {
      const answer = await http(sec.stack, who, `/auth/v1/admin/users/${target}`, {
        method: 'DELETE',
      });
      expect([answer.status, answer.json]).toMatchObject([403, { error_code: 'not_admin' }]);
    }
    const read = await http(sec.stack, sec.callers.service, `/auth/v1/admin/users/${target}`);
    expect([read.status, (read.json as { id?: string }).id]).toEqual([200, target]);
    const { rowCount } = await sec.stack.pool.query(`select 1 from auth.users where id = $1`, [
      target,
    ]);
    expect(rowCount).toBe(1);
  });
});
