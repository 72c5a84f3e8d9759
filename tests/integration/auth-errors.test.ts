import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Bad input never gets a 500, and every error has GoTrue's body: the original
// `{code, error_code, msg}` or, for clients sending X-Supabase-Api-Version 2024-01-01 (all of
// supabase-js), `{code, message}` (internal/api/errors.go).

let stack: TestStack;
beforeAll(async () => {
  // Many sign-ups from one address: room above the default limits (auth-rate-limit tests those).
  stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 1000, perEmail: 1000 } });
});
afterAll(async () => {
  await stack?.stop();
});

const password = 'correct-horse-battery';

async function post(path: string, body: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}

describe('bad requests', () => {
  it.each([
    ['broken JSON', '{"email": '],
    ['an empty body', ''],
    ['an array', '[]'],
    ['a number for the email', '{"email": 42, "password": "12345678"}'],
    ['a string for data', '{"email": "a@example.com", "password": "12345678", "data": "x"}'],
  ])('answers %s on /signup with bad_json 400', async (_name, body) => {
    const response = await post('/signup', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 400, error_code: 'bad_json' });
    expect(response.body.msg).toMatch(/^Could not parse request body as JSON: /);
    expect(response.headers.get('x-sb-error-code')).toBe('bad_json');
  });

  it('answers bad JSON on /token the same way, whatever the content type', async () => {
    const response = await post('/token?grant_type=password', 'email=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response).toMatchObject({ status: 400, body: { error_code: 'bad_json' } });
  });

  it('answers in the 2024-01-01 shape when asked, echoing the version', async () => {
    const response = await post('/signup', '{', { 'x-supabase-api-version': '2024-01-01' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'bad_json',
      message: expect.stringMatching(/^Could not parse/),
    });
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('refuses a body over 1 MiB with request_entity_too_large 413 (api.go limitRequestBody)', async () => {
    const huge = JSON.stringify({
      email: 'a@example.com',
      password,
      data: { x: 'x'.repeat(1_100_000) },
    });
    const response = await post('/signup', huge);
    expect(response).toMatchObject({
      status: 413,
      body: { error_code: 'request_entity_too_large' },
    });
  });

  it('refuses an unknown grant type and a missing refresh token as GoTrue does', async () => {
    expect(await post('/token?grant_type=magic', '{}')).toMatchObject({
      status: 400,
      body: { error_code: 'invalid_credentials', msg: 'unsupported_grant_type' },
    });
    expect(await post('/token?grant_type=refresh_token', '{}')).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    });
  });

  it('refuses missing fields with validation_failed', async () => {
    expect(await post('/signup', '{"email":"a@example.com"}')).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Signup requires a valid password' },
    });
    expect(await post('/token?grant_type=password', '{"password":"x"}')).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'missing email or phone' },
    });
    expect(
      await post('/signup', JSON.stringify({ email: 'a@example.com', password: 'é'.repeat(40) })),
    ).toMatchObject({
      status: 400,
      body: {
        error_code: 'validation_failed',
        msg: 'Password cannot be longer than 72 characters',
      },
    });
  });

  it('renders weak_password with its reasons in both shapes', async () => {
    const body = JSON.stringify({ email: `${randomUUID()}@example.com`, password: 'short' });
    expect(await post('/signup', body)).toMatchObject({
      status: 422,
      body: { code: 422, error_code: 'weak_password', weak_password: { reasons: ['length'] } },
    });
    expect(await post('/signup', body, { 'x-supabase-api-version': '2024-01-01' })).toMatchObject({
      status: 422,
      body: { code: 'weak_password', weak_password: { reasons: ['length'] } },
    });
  });

  it('asks for a Bearer token on /user and /logout (401 no_authorization)', async () => {
    const response = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_code: 'no_authorization' });
    expect(await post('/logout', undefined)).toMatchObject({
      status: 401,
      body: { error_code: 'no_authorization' },
    });
  });

  it('refuses an unknown logout scope', async () => {
    const { data } = await stack
      .client()
      .auth.signUp({ email: `${randomUUID()}@example.com`, password });
    const response = await post('/logout?scope=everyone', undefined, {
      authorization: `Bearer ${data.session!.access_token}`,
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Unsupported logout scope "everyone"' },
    });
  });
});

describe('settings, health and the gateway', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}/auth/v1${path}`, { headers: { apikey: stack.anonKey, ...headers } });

  it('describes an email-only, auto-confirming instance (settings.go)', async () => {
    const settings = await (await get('/settings')).json();
    expect(settings).toMatchObject({
      external: { email: true, phone: false, google: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
    expect(await (await get('/health')).json()).toMatchObject({ name: 'GoTrue' });
  });

  it('answers preflights and lets a cross-origin app read the API version', async () => {
    const preflight = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    const response = await get('/settings', { origin: 'http://localhost:5173' });
    expect(response.headers.get('access-control-expose-headers')).toMatch(
      /X-Supabase-Api-Version/i,
    );
  });

  it("answers unknown paths and methods in GoTrue's error shape, not chi's plain text", async () => {
    const unknown = await get('/no-such-endpoint');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(await unknown.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not found' });
    const method = await post('/settings', '{}');
    expect(method).toMatchObject({
      status: 404,
      body: { code: 404, error_code: 'not_found', msg: 'Not found' },
    });
  });
});
