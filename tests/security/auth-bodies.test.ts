// Hostile bodies on the endpoints that take one: every answer is a 4xx with GoTrue's error shape
// (`{code, error_code, msg}`, or `{error, error_description}` for OAuth errors), never a 500 or
// a hang, and oversized bodies (declared or streamed) stop at 1 MiB with a JSON 413.
// Shapes of the ordinary validation errors: tests/integration/auth-errors.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { uniqueEmail } from './harness.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const ENDPOINTS = ['/signup', '/token?grant_type=password', '/token?grant_type=refresh_token'];
const TWO_MB = 2 * 1024 * 1024;

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text };
}

/** GoTrue's two error bodies (internal/api/errors.go). */
function expectGoTrueError(answer: { status: number; text: string }) {
  expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.text).toBeLessThan(500);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  if ('error' in body)
    expect(body).toEqual({ error: expect.any(String), error_description: expect.any(String) });
  else {
    // weak_password carries its reasons as an extra field (password.go WeakPasswordError).
    const { weak_password: _reasons, ...rest } = body;
    expect(rest).toEqual({
      code: answer.status,
      error_code: expect.any(String),
      msg: expect.any(String),
    });
  }
}

const MALFORMED: Array<[string, string, Record<string, string>?]> = [
  ['invalid JSON', '{"email": "a@b.c", "password": '],
  ['a lone string', '"hello"'],
  ['null', 'null'],
  ['an array', '[{"email": "a@b.c", "password": "12345678"}]'],
  ['an empty object', '{}'],
  ['a number for the email', '{"email": 1e400, "password": "12345678"}'],
  ['an object for the email', '{"email": {"$ne": ""}, "password": "12345678"}'],
  ['an array for the password', '{"email": "a@b.c", "password": ["x"]}'],
  ['an array for the refresh token', '{"refresh_token": ["x"]}'],
  [
    'a __proto__ role',
    '{"__proto__": {"role": "service_role"}, "email": "a@b.c", "password": "x"}',
  ],
  [
    'an email of 100k chars',
    JSON.stringify({ email: `${'a'.repeat(100_000)}@b.c`, password: 'x' }),
  ],
  ['a 100k-char password', JSON.stringify({ email: 'a@b.c', password: 'p'.repeat(100_000) })],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  [
    'a form body',
    'email=a%40b.c&password=12345678',
    { 'content-type': 'application/x-www-form-urlencoded' },
  ],
  ['text/plain', '{"email": "a@b.c"', { 'content-type': 'text/plain' }],
  ['no content type', 'garbage', { 'content-type': '' }],
];

describe.each(ENDPOINTS)('POST /auth/v1%s', (path) => {
  it.each(MALFORMED)('%s: 4xx, GoTrue-shaped', async (_name, body, headers) => {
    expectGoTrueError(await post(path, body, headers));
  });

  it('a 2 MB JSON body: 413 request_entity_too_large, JSON', async () => {
    const body = JSON.stringify({
      email: uniqueEmail(),
      password: 'x',
      data: { pad: 'x'.repeat(TWO_MB) },
    });
    const answer = await post(path, body);
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/application\/json/);
    expect(JSON.parse(answer.text)).toMatchObject({
      code: 413,
      error_code: 'request_entity_too_large',
    });
  });

  it('2 MB streamed without Content-Length: 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TWO_MB) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await post(path, stream);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ error_code: 'request_entity_too_large' });
    // And the stack still answers afterwards.
    expect(
      (await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } })).status,
    ).toBe(200);
  });
});

it('nothing hostile created an account', async () => {
  const { rows } = await stack.pool.query(`select count(*)::int as n from auth.users`);
  expect(rows[0].n).toBe(0);
});
