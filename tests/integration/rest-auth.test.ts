// JWTs on /rest/v1 as PostgREST checks them (src/PostgREST/Auth.hs, Auth/Jwt.hs, Error.hs):
// every bad token is a 401 with PostgREST's body, never a silent fallback to anon.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt.ts';
import { startRestStack, type RestStack } from './rest-harness.ts';

let stack: RestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(() => stack?.stop());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const asToken = (token: string) =>
  stack.client({ accessToken: token }).from('lottery_results').select('draw_hour').limit(1);

describe('tokens PostgREST refuses', () => {
  it('a bad signature: 401 PGRST301', async () => {
    const forged = await signJwt(
      { role: 'service_role' },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const { error, status } = await asToken(forged);
    expect(status).toBe(401);
    expect(error).toMatchObject({
      code: 'PGRST301',
      message: 'JWT cryptographic operation failed',
      details: null,
      hint: null,
    });
  });

  it('alg none: 401 PGRST301', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`;
    const { error, status } = await asToken(token);
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('HS512 with the right secret: 401 (HS256 only)', async () => {
    const body = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ role: 'service_role' })}`;
    const signature = createHmac('sha512', stack.jwtSecret).update(body).digest('base64url');
    const { status, error } = await asToken(`${body}.${signature}`);
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('expired: 401 PGRST303 "JWT expired"', async () => {
    const expired = await signJwt(
      { role: 'authenticated', sub: 'x', iat: 1_000, exp: 2_000 },
      stack.jwtSecret,
    );
    const res = await fetch(`${stack.url}/rest/v1/lottery_results`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    });
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
  });

  it.each([
    ['not a JWT at all', 'garbage', 'Expected 3 parts in JWT; got 1'],
    ['three garbled parts', 'a.b.c', 'JWT cryptographic operation failed'],
  ])('malformed (%s): 401 PGRST301', async (_name, token, message) => {
    const { error, status } = await asToken(token);
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST301', message });
  });

  it('a role that does not exist: 401', async () => {
    const token = await signJwt({ role: 'nobody' }, stack.jwtSecret, 60);
    const { error, status } = await asToken(token);
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '22023', message: 'role "nobody" does not exist' });
  });

  it('a role the API may not become (a superuser): 403', async () => {
    const token = await signJwt({ role: 'postgres' }, stack.jwtSecret, 60);
    const { error, status } = await asToken(token);
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'permission denied to set role "postgres"',
    });
  });
});

describe('tokens it accepts', () => {
  it('no Authorization header: the apikey decides (anon)', async () => {
    const res = await fetch(`${stack.url}/rest/v1/lottery_results?select=draw_hour&limit=1`, {
      headers: { apikey: stack.anonKey },
    });
    expect(res.status).toBe(200);
  });

  it('a valid token without a role runs as anon, as PostgREST does', async () => {
    const token = await signJwt({ sub: 'someone' }, stack.jwtSecret, 60);
    const { status } = await asToken(token);
    expect(status).toBe(200);
    const write = await stack
      .client({ accessToken: token })
      .from('lottery_results')
      .delete()
      .eq('draw_hour', 1);
    expect(write.status).toBe(401);
  });

  it('a user token: the claims reach PostgreSQL (auth.uid(), request.jwt.claims)', async () => {
    const user = await stack.createUser();
    const { data } = await user.client.from('user_roles').select('*').eq('user_id', user.userId);
    expect(data).toEqual([]);
    await stack.pool.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      user.userId,
    ]);
    const after = await user.client.from('user_roles').select('role').eq('user_id', user.userId);
    expect(after.data).toEqual([{ role: 'admin' }]);
  });
});
