// The handler under Deno itself, on the paths that need no backend: proof that the module the
// local stack runs in Node also loads and answers in Deno. The data paths are covered against
// the real stack by tests/integration/results-feed.test.ts.
import { createHandler } from '../handler.ts';
import { assert, assertEquals } from './assert.ts';

// A loopback port that was just free: nothing listens, so a backend call fails at once, offline.
const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
const deadUrl = `http://127.0.0.1:${listener.addr.port}`;
listener.close();
const handler = createHandler({ SUPABASE_URL: deadUrl, SUPABASE_ANON_KEY: 'anon' });
const url = 'http://localhost/results-feed';

Deno.test('answers the CORS preflight; any origin may read a feed', async () => {
  const response = await handler(new Request(url, { method: 'OPTIONS' }));
  assertEquals(response.status, 200);
  assertEquals(await response.text(), 'ok');
  assertEquals(response.headers.get('access-control-allow-origin'), '*');
});

Deno.test('only GET and HEAD read a feed', async () => {
  const response = await handler(new Request(url, { method: 'POST', body: '{}' }));
  assertEquals(response.status, 405);
  assertEquals(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
  assertEquals(await response.json(), { error: 'Method not allowed: use GET' });
});

Deno.test('a bad format is 400 before the database is asked', async () => {
  const response = await handler(new Request(`${url}?format=atom`));
  assertEquals(response.status, 400);
  assertEquals(await response.json(), { error: 'Unknown format: use format=rss or format=json' });
});

Deno.test('a bad lang is 400 before the database is asked', async () => {
  const response = await handler(new Request(`${url}?lang=xx`));
  assertEquals(response.status, 400);
  assertEquals(await response.json(), {
    error: 'Unknown lang: use one of en, th, lo, vi, zh, ms',
  });
});

Deno.test('an unreachable database is 502, never an empty feed', async () => {
  const log = console.error;
  console.error = () => {};
  const response = await handler(new Request(url)).finally(() => (console.error = log));
  assertEquals(response.status, 502);
  assert(response.headers.get('content-type')?.startsWith('application/json'));
  assertEquals(response.headers.get('cache-control'), 'no-store');
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
