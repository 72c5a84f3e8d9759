// Issue 7.2: what an attacker can learn or break through /auth/v1 with bad input: which emails
// have accounts (by body or by timing), and whether oversized or malformed bodies get past the
// GoTrue-shaped 4xx into a 500 or take the stack down.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startTestStack, type TestStack } from '../../utils/stack.ts';
import { raw } from './security-harness.ts';

let stack: TestStack;
let victim: SignedIn;
beforeAll(async () => {
  stack = await startTestStack();
  victim = await stack.createUser();
});
afterAll(() => stack?.stop());

const post = (path: string, body: string, contentType = 'application/json') =>
  raw(stack, `/auth/v1${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
const signIn = (email: string, password: string) =>
  post('/token?grant_type=password', JSON.stringify({ email, password }));

/** GoTrue's original error body (errors.go HTTPError), its code equal to the status. */
function expectGoTrueError(
  response: { status: number; body: unknown },
  status: number,
  errorCode?: string,
) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({
    code: status,
    error_code: errorCode ?? expect.any(String),
    msg: expect.any(String),
  });
}

describe('account enumeration through sign-in', () => {
  it('an unknown email and a wrong password get the same status, body and error header', async () => {
    const unknown = await signIn(`nobody-${randomUUID()}@example.com`, 'wrong-password-1');
    const wrong = await signIn(victim.email, 'wrong-password-1');
    expectGoTrueError(wrong, 400, 'invalid_credentials');
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: wrong.status,
      body: wrong.body,
    });
    expect(unknown.headers.get('x-sb-error-code')).toBe(wrong.headers.get('x-sb-error-code'));
  });

  it('both cost one bcrypt compare: neither is 3x faster than the other', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await signIn(email, `wrong-${randomUUID()}`);
      return performance.now() - start;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so load from other processes on the shared cores falls on both alike.
    for (let i = 0; i < 5; i++) {
      unknown.push(await time(`nobody-${randomUUID()}@example.com`));
      wrong.push(await time(victim.email));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const [u, w] = [median(unknown), median(wrong)];
    console.info(
      `sign-in medians: unknown email ${u.toFixed(1)} ms, wrong password ${w.toFixed(1)} ms`,
    );
    expect(u / w).toBeGreaterThan(1 / 3);
    expect(u / w).toBeLessThan(3);
  });
});

describe('bcrypt truncation', () => {
  it('a password sharing only its first 72 bytes with the real one does not sign in', async () => {
    // bcrypt reads 72 bytes: without a length check, any suffix would be accepted.
    const password = 'p'.repeat(72);
    const owner = await stack.createUser(undefined, password);
    expect((await signIn(owner.email, password)).status).toBe(200);
    const longer = await signIn(owner.email, `${password}-and-more`);
    expectGoTrueError(longer, 400, 'invalid_credentials');
  });
});

describe('oversized bodies', () => {
  // 2 MB, twice GoTrue's 1 MiB limit, in a field each handler reads.
  const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2_000_000) });

  it.each(['/token?grant_type=password', '/signup'])(
    '%s answers 413 JSON, and the stack keeps serving',
    async (path) => {
      const response = await post(path, huge);
      expectGoTrueError(response, 413, 'request_entity_too_large');
      expect((await raw(stack, '/auth/v1/health')).status).toBe(200);
      expect((await signIn(victim.email, victim.password)).status).toBe(200);
    },
  );
});

describe('malformed bodies answer a GoTrue 4xx, never a 500', () => {
  const CASES: [name: string, body: string, contentType: string, errorCode: string][] = [
    ['invalid JSON', '{"email": "a@example.com", ', 'application/json', 'bad_json'],
    ['an empty body', '', 'application/json', 'bad_json'],
    [
      'a form body',
      'email=a%40example.com&password=12345678',
      'application/x-www-form-urlencoded',
      'bad_json',
    ],
    ['XML', '<email>a@example.com</email>', 'application/xml', 'bad_json'],
    [
      'an array',
      '[{"email": "a@example.com", "password": "12345678"}]',
      'application/json',
      'bad_json',
    ],
    ['a string', '"a@example.com"', 'application/json', 'bad_json'],
    ['a number email', '{"email": 42, "password": "12345678"}', 'application/json', 'bad_json'],
    [
      'an object email',
      '{"email": {"$ne": ""}, "password": "12345678"}',
      'application/json',
      'bad_json',
    ],
    [
      'an array password',
      '{"email": "a@example.com", "password": ["12345678"]}',
      'application/json',
      'bad_json',
    ],
    ['no fields at all', '{}', 'application/json', 'validation_failed'],
    ['no password', '{"email": "a@example.com"}', 'text/plain', ''],
    [
      'deep nesting',
      `{"email": "a@example.com", "data": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
      'application/json',
      '',
    ],
  ];
  const PATHS = ['/token?grant_type=password', '/signup'];
  const cells = PATHS.flatMap((path) =>
    CASES.map(([name, body, type, code]) => ({ path, name, body, type, code })),
  );

  it.each(cells)('$path with $name', async ({ path, body, type, code }) => {
    const response = await post(path, body, type);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectGoTrueError(response, response.status, code || undefined);
  });

  it('NUL characters, which PostgreSQL cannot store, are refused as GoTrue errors', async () => {
    const nul = (value: object) => JSON.stringify(value);
    // An email with NUL matches no account: the same answer as any unknown email.
    const email = await post(
      '/token?grant_type=password',
      nul({ email: `${victim.email}\u0000`, password: 'x' }),
    );
    expectGoTrueError(email, 400, 'invalid_credentials');
    const token = await post('/token?grant_type=refresh_token', nul({ refresh_token: 'a\u0000b' }));
    expectGoTrueError(token, 400, 'refresh_token_not_found');
    const metadata = await post(
      '/signup',
      nul({
        email: `nul-${randomUUID()}@example.com`,
        password: 'correct-horse-battery',
        data: { ['k\u0000']: 'v' },
      }),
    );
    expectGoTrueError(metadata, 400, 'validation_failed');
    const signupEmail = await post(
      '/signup',
      nul({ email: 'a\u0000@example.com', password: 'correct-horse-battery' }),
    );
    expectGoTrueError(signupEmail, 400, 'validation_failed');
  });

  it('the refresh grant too', async () => {
    for (const body of ['[]', '{"refresh_token": 1}', '{"refresh_token": {"$gt": ""}}', 'nope']) {
      expectGoTrueError(await post('/token?grant_type=refresh_token', body), 400, 'bad_json');
    }
  });
});
