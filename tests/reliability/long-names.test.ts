// Regressions found by fuzz-api.test.ts: a table or function name longer than Fastify's
// maxParamLength (100) missed the `/:table` and `/:name` routes and got Fastify's 414 or, with
// the app served, @fastify/static's 403 FST_STATIC_FORBIDDEN_PATH instead of the API's own body.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFuzzStack, type FuzzStack } from './fuzz-stack.ts';

let fuzz: FuzzStack;
beforeAll(async () => {
  fuzz = await startFuzzStack();
});
afterAll(() => fuzz?.stop());

const long = 'a'.repeat(300);

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${fuzz.stack.url}${path}`, {
    ...init,
    headers: { apikey: fuzz.stack.anonKey, Authorization: `Bearer ${fuzz.stack.anonKey}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('answers a 300-character table name with PostgREST PGRST205', async () => {
  const { status, body } = await call(`/rest/v1/${long}?select=*`);
  expect(status).toBe(404);
  expect(body).toMatchObject({ code: 'PGRST205', details: null });
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
});

it('answers a 300-character function name for rpc with PGRST202', async () => {
  const { status, body } = await call(`/rest/v1/rpc/${long}`, { method: 'POST' });
  expect(status).toBe(404);
  expect(body).toMatchObject({ code: 'PGRST202' });
});

it('keeps deeper REST paths a PGRST125', async () => {
  for (const path of ['/rest/v1/lottery_results/x', '/rest/v1/rpc/a/b', '/rest/v1/rpc/']) {
    const { status, body } = await call(path);
    expect([path, status, body.code]).toEqual([path, 404, 'PGRST125']);
  }
});

it('answers a 300-character or %2F-joined function name with the runtime 404', async () => {
  for (const name of [long, 'generate-lottery-results%2F..', `${long}/x`]) {
    const { status, body } = await call(`/functions/v1/${name}`, { method: 'POST' });
    expect([name, status, body]).toEqual([
      name,
      404,
      { code: 'NOT_FOUND', message: 'Requested function was not found' },
    ]);
  }
});
