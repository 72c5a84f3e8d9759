// Found by fuzz-api.test.ts: a path with a malformed percent-escape is refused by Fastify's
// router before any API scope runs; it answered with Fastify's body {error, code:
// FST_ERR_BAD_URL, message, statusCode} instead of the API's own (server/src/gateway/framework-errors.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

async function call(path: string) {
  const res = await fetch(`${stack.url}${path}`, { headers: { apikey: stack.anonKey } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('answers /rest/v1 with a PostgREST body for a malformed escape', async () => {
  for (const path of ['/rest/v1/%FF', '/rest/v1/lottery_results%E0%A4%A', '/rest/v1/rpc/%zz']) {
    const { status, body } = await call(path);
    expect(status).toBeLessThan(500);
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  }
});

it('answers /functions/v1 with the runtime body for a malformed escape', async () => {
  const { body } = await call('/functions/v1/%C0%AE%C0%AE');
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
});

it('answers /auth/v1 with a GoTrue body and any other path with the gateway body', async () => {
  const auth = await call('/auth/v1/%FF');
  expect(auth.status).toBe(400);
  expect(Object.keys(auth.body).sort()).toEqual(['code', 'error_code', 'msg']);
  expect(await call('/%zz')).toEqual({
    status: 400,
    body: { message: 'no Route matched with those values' },
  });
});
