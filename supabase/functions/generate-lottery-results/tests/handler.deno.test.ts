// The handler under Deno itself, on the paths that need no backend: proof that the module the
// local stack runs in Node also loads and answers in Deno. The data paths are covered against
// the real stack by tests/integration/functions.test.ts.
import { createHandler } from '../handler.ts';
import { assert, assertEquals } from './assert.ts';

// A loopback port that was just free: nothing listens, so a backend call fails at once, offline.
const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
const deadUrl = `http://127.0.0.1:${listener.addr.port}`;
listener.close();
const handler = createHandler({ SUPABASE_URL: deadUrl, SUPABASE_ANON_KEY: 'anon' });
const url = 'http://localhost/generate-lottery-results';

Deno.test('answers the CORS preflight like hosted functions', async () => {
  const response = await handler(new Request(url, { method: 'OPTIONS' }));
  assertEquals(response.status, 200);
  assertEquals(await response.text(), 'ok');
  assertEquals(response.headers.get('access-control-allow-origin'), '*');
  assert(response.headers.get('access-control-allow-headers')?.includes('x-client-info'));
});

Deno.test('only POST is allowed', async () => {
  const response = await handler(new Request(url, { method: 'GET' }));
  assertEquals(response.status, 405);
  assertEquals(await response.json(), { error: 'Method not allowed: use POST' });
});

Deno.test('no Authorization header is 401, before the body is looked at', async () => {
  const response = await handler(new Request(url, { method: 'POST', body: '{bad json' }));
  assertEquals(response.status, 401);
  assertEquals(await response.json(), { error: 'Missing authorization header' });
});

Deno.test('an unreachable auth server is 502, not a pass', async () => {
  // auth-js logs the refused connection; the expected failure need not clutter the output.
  const log = console.error;
  console.error = () => {};
  const response = await handler(
    new Request(url, { method: 'POST', headers: { Authorization: 'Bearer x.y.z' }, body: '{}' }),
  ).finally(() => (console.error = log));
  assertEquals(response.status, 502);
  assertEquals(response.headers.get('content-type'), 'application/json');
});

Deno.test('the environment must name the project', () => {
  let message = '';
  try {
    createHandler({});
  } catch (error) {
    message = (error as Error).message;
  }
  assertEquals(message, 'SUPABASE_URL and SUPABASE_ANON_KEY must be set');
});
