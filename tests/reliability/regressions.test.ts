import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../utils/phoenix-socket.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Bugs the fuzzers found, pinned one by one.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('realtime joins with names Postgres cannot compare', () => {
  it('answers a NUL byte in a binding schema or table with an error, keeping the socket (was 1011)', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    try {
      for (const binding of [
        { event: '*', schema: 'public\u0000', table: 'lottery_results' },
        { event: 'INSERT', schema: '*', table: 'a\u0000b' },
      ]) {
        const topic = `realtime:nul-${binding.table.length}`;
        const reply = await socket.join(topic, { config: { postgres_changes: [binding] } });
        // realtime answers the join, then reports the failed subscription as a system message.
        const system = await socket.next((f) => f.topic === topic && f.event === 'system');
        expect(reply.payload.status).toBe('ok');
        expect(system.payload).toMatchObject({ status: 'error', extension: 'postgres_changes' });
        expect(String(system.payload.message)).toMatch(/An exception happened.*22021/);
      }
      const ref = socket.send('phoenix', 'heartbeat', {});
      expect((await socket.replyTo(ref)).payload.status).toBe('ok');
    } finally {
      socket.close();
    }
  });
});

// Found by fuzz-http (a 500 each); fixed in server/src/auth (users.ts, refresh.ts).
describe('GoTrue token grants with a NUL byte', () => {
  const token = (grant: string, body: unknown) =>
    fetch(`${stack.url}/auth/v1/token?grant_type=${grant}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a NUL in the email like any unknown account (was 500)', async () => {
    const response = await token('password', { email: 'a\u0000@b.c', password: 'abcdefgh1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'invalid_credentials' });
  });

  it('refuses a NUL in a refresh token as not found (was 500)', async () => {
    const response = await token('refresh_token', { refresh_token: 'abc\u0000def' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
  });
});
