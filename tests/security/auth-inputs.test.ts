// Hostile auth inputs against a live stack while an honest visitor keeps reading: wrong passwords
// under a lookalike spelling of an email, bodies nested 200,000 deep, metadata nested 100,000
// deep, a megabyte of user metadata. Each is refused with GoTrue's error shape (4xx), the
// process keeps serving, the visitor stays fast, and no owner is locked out.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_USER_METADATA_BYTES,
  MAX_USER_METADATA_DEPTH,
} from '../../server/src/auth/metadata.ts';
import {
  expectVisitorUnharmed,
  whileVisitorReads,
  type ProbeTarget,
  type VisitorReport,
} from '../utils/visitor-probe.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Sign-ups per email (the only per-email budget left: ADR 019).
const PER_EMAIL = 3;
const password = 'correct-horse-battery';
let stack: TestStack;
let target: ProbeTarget;
beforeAll(async () => {
  stack = await startTestStack({
    rateLimits: { windowSeconds: 300, perIp: 10_000, perEmail: PER_EMAIL },
  });
  target = { url: stack.url, anonKey: stack.anonKey, date: new Date().toISOString().slice(0, 10) };
});
afterAll(() => stack?.stop());

/** The figures docs/reliability.md quotes. */
const figures = (name: string | undefined, r: VisitorReport) =>
  console.log(
    `${name}: visitor baseline ${r.baselineMs.toFixed(1)} ms, median ${r.medianMs.toFixed(1)} ms, worst ${r.worstMs.toFixed(1)} ms over ${r.reads} reads`,
  );

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}
const signIn = (email: string, pw: string) =>
  post('/token?grant_type=password', JSON.stringify({ email, password: pw }));
const signUp = (email: string, data?: unknown) =>
  post('/signup', JSON.stringify({ email, password, data }));
/** A fresh address with an "i" in it, and its spelling with U+0130 (İ) in place of that "i". */
const kiwi = () => {
  const email = `kiwi-${randomUUID()}@example.com`;
  return { email, lookalike: email.replace('kiwi', 'k\u0130wi') };
};

describe('one email normalisation, and no lockout (ADR 019)', () => {
  it('wrong passwords under a U+0130 spelling never lock the account, while a visitor reads', async () => {
    const { email, lookalike } = kiwi();
    expect((await signUp(email)).status).toBe(200);
    for (let i = 0; i < PER_EMAIL * 3; i++)
      expect((await signIn(lookalike, `wrong-${i}-password`)).status).toBe(400);

    const report = await whileVisitorReads(target, async () => {
      expect((await signIn(lookalike, password)).status).toBe(200);
      expect((await signIn(email.toUpperCase(), password)).status).toBe(200);
    });
    figures(expect.getState().currentTestName, report);
    expectVisitorUnharmed(report);
  });

  it('maps U+0130 as GoTrue does (Go’s strings.ToLower): the lookalike is the same account', async () => {
    const { email, lookalike } = kiwi();
    const created = JSON.parse((await signUp(email)).body) as { user: { id: string } };
    const session = await signIn(lookalike, password);
    expect(session.status).toBe(200);
    expect((JSON.parse(session.body) as { user: { id: string } }).user.id).toBe(created.user.id);
  });
});

describe('bounded bodies', () => {
  const deep = (depth: number) =>
    `{"email":"a@b.co","password":"x","data":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('answers a 200,000-deep JSON body on sign-up and sign-in with 400 bad_json, while a visitor reads', async () => {
    const body = deep(200_000);
    const answers: Array<{ status: number; body: string }> = [];
    const report = await whileVisitorReads(target, async () => {
      for (let i = 0; i < 10; i++) {
        answers.push(await post('/signup', body));
        answers.push(await post('/token?grant_type=password', body));
      }
    });
    figures(expect.getState().currentTestName, report);
    expectVisitorUnharmed(report);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        code: 400,
        error_code: 'bad_json',
        msg: "Could not parse request body as JSON: invalid character '[' exceeded max depth",
      });
    }
    expect(
      (await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } })).status,
    ).toBe(200);
  });

  it('still takes nesting as deep as Go’s decoder does', async () => {
    const answer = await post('/signup', deep(9_999).replace('"a@b.co"', `"${kiwi().email}"`));
    // Within depth: the body parses and sign-up reaches its own checks (an array is no `data`).
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('cannot unmarshal array');
  });

  it(`refuses user metadata over ${MAX_USER_METADATA_BYTES} bytes, while a visitor reads`, async () => {
    const { email } = kiwi();
    const data = { bio: 'x'.repeat(1_000_000) };
    let answer: Awaited<ReturnType<typeof post>> | undefined;
    const report = await whileVisitorReads(target, async () => {
      answer = await signUp(email, data);
    });
    figures(expect.getState().currentTestName, report);
    expectVisitorUnharmed(report);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer!.body)).toMatchObject({ error_code: 'validation_failed' });
    // Nothing was created: the honest sign-up of that address still works.
    expect((await signUp(email)).status).toBe(200);
  });

  /** `{"a":{"a":...}}` nested `depth` deep. */
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses metadata nested 100,000 deep on sign-up, PUT /user and the admin API with a 4xx, while a visitor reads', async () => {
    const { accessToken, userId } = await stack.createUser();
    const admin = { authorization: `Bearer ${stack.serviceRoleKey}` };
    const user = { authorization: `Bearer ${accessToken}` };
    const { email } = kiwi();
    const send = (method: string, path: string, text: string, headers: Record<string, string>) =>
      fetch(`${stack.url}/auth/v1${path}`, {
        method,
        headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
        body: text,
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const calls = (depth: number) => [
      () =>
        send(
          'POST',
          '/signup',
          `{"email":"${email}","password":"${password}","data":${nested(depth)}}`,
          {},
        ),
      () => send('PUT', '/user', `{"data":${nested(depth)}}`, user),
      () =>
        send(
          'POST',
          '/admin/users',
          `{"email":"${email}","user_metadata":${nested(depth)}}`,
          admin,
        ),
      () => send('PUT', `/admin/users/${userId}`, `{"user_metadata":${nested(depth)}}`, admin),
      () => send('PUT', `/admin/users/${userId}`, `{"app_metadata":${nested(depth)}}`, admin),
    ];
    const answers: Array<{ status: number; body: string }> = [];
    const report = await whileVisitorReads(target, async () => {
      for (const depth of [100_000, 5_000, 65])
        for (const call of calls(depth)) answers.push(await call());
    });
    figures(expect.getState().currentTestName, report);
    expectVisitorUnharmed(report);
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(400);
      expect(JSON.parse(answer.body).error_code).toMatch(/^(bad_json|validation_failed)$/);
    }
    // A few thousand deep is the metadata bound's, named: not a 500 from PostgreSQL.
    expect(answers[5]!.body).toContain(`deeper than ${MAX_USER_METADATA_DEPTH} levels`);
    // Nothing was stored: the account still signs in and reads itself; the address is free.
    const { access_token: token } = JSON.parse((await signUp(email)).body) as {
      access_token: string;
    };
    const me = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    // At the bound, metadata is taken.
    expect(
      (await send('PUT', '/user', `{"data":${nested(MAX_USER_METADATA_DEPTH - 1)}}`, user)).status,
    ).toBe(200);
  });

  it('metadata at the limit yields a token that works for the user and for REST', async () => {
    const { email } = kiwi();
    const data = { bio: 'é'.repeat((MAX_USER_METADATA_BYTES - 20) / 2) };
    const answer = await signUp(email, data);
    expect(answer.status).toBe(200);
    const { access_token: token } = JSON.parse(answer.body) as { access_token: string };
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${token}` };
    const user = await fetch(`${stack.url}/auth/v1/user`, { headers });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { user_metadata: { bio: string } }).user_metadata.bio).toBe(
      data.bio,
    );
    const rows = await fetch(`${stack.url}/rest/v1/user_roles?select=role`, { headers });
    expect(rows.status).toBe(200);
  });
});

describe('Cache-Control: no-store wherever a token or user data is answered', () => {
  it('on every auth answer, on REST answers to a signed-in caller, not on public anon reads', async () => {
    const { email } = kiwi();
    const signup = await signUp(email);
    expect(signup.headers.get('cache-control')).toBe('no-store');
    const token = await signIn(email, password);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect((await signIn(email, 'wrong-password-1')).headers.get('cache-control')).toBe('no-store');
    const { access_token: jwt } = JSON.parse(token.body) as { access_token: string };
    const asUser = { apikey: stack.anonKey, Authorization: `Bearer ${jwt}` };
    const user = await fetch(`${stack.url}/auth/v1/user`, { headers: asUser });
    expect(user.headers.get('cache-control')).toBe('no-store');
    const mine = await fetch(`${stack.url}/rest/v1/user_roles?select=role`, { headers: asUser });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const service = await fetch(`${stack.url}/rest/v1/lottery_results?select=id&limit=1`, {
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(service.headers.get('cache-control')).toBe('no-store');
    const anon = await fetch(`${stack.url}/rest/v1/lottery_results?select=id&limit=1`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
    });
    expect(anon.status).toBe(200);
    expect(anon.headers.get('cache-control')).toBeNull();
  });
});
