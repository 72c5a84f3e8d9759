import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { RawSocket, refusedUpgrade } from '../utils/phoenix-socket.ts';

// The Phoenix protocol frame by frame, against Phoenix.Socket and supabase/realtime
// (realtime_channel.ex, user_socket.ex, postgres_cdc_rls/subscriptions.ex) and Kong's key check.
let stack: TestStack;
let socket: RawSocket;
const results = { event: '*', schema: 'public', table: 'lottery_results' };

beforeAll(async () => {
  stack = await startTestStack();
  socket = await RawSocket.open(stack.url, stack.anonKey);
});
afterAll(async () => {
  socket?.close();
  await stack?.stop();
});

const token = (claims: Record<string, unknown>, secret = stack.context.config.jwtSecret) =>
  signJwt(claims, secret);
const now = () => Math.floor(Date.now() / 1000);
const reason = (frame: { payload: Record<string, unknown> }) =>
  (frame.payload.response as { reason?: string }).reason;

describe('the websocket upgrade', () => {
  it('needs a project API key, as the gateway does', async () => {
    expect(await refusedUpgrade(RawSocket.url(stack.url, { vsn: '2.0.0' }))).toEqual({
      status: 401,
      body: { message: 'No API key found in request' },
    });
    expect(
      await refusedUpgrade(RawSocket.url(stack.url, { apikey: 'nope', vsn: '2.0.0' })),
    ).toEqual({
      status: 401,
      body: { message: 'Invalid API key' },
    });
    const badVsn = await refusedUpgrade(
      RawSocket.url(stack.url, { apikey: stack.anonKey, vsn: '9.0.0' }),
    );
    expect(badVsn.status).toBe(403);
  });
});

describe('frames', () => {
  it('answers heartbeats on the phoenix topic in both vsn', async () => {
    const ref = socket.send('phoenix', 'heartbeat', {});
    expect(await socket.replyTo(ref)).toEqual({
      join_ref: null,
      ref,
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    const v1 = await RawSocket.open(stack.url, stack.anonKey, '1.0.0');
    const v1Ref = v1.send('phoenix', 'heartbeat', {});
    expect(await v1.replyTo(v1Ref)).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      ref: v1Ref,
      payload: { status: 'ok', response: {} },
    });
    v1.close();
  });

  it('answers events on topics that are not joined as Phoenix does', async () => {
    expect(reason(await socket.replyTo(socket.send('realtime:nowhere', 'broadcast', {})))).toBe(
      'unmatched topic',
    );
    expect(
      (await socket.replyTo(socket.send('realtime:nowhere', 'phx_leave', {}))).payload.status,
    ).toBe('ok');
    expect(reason(await socket.join('elsewhere', {}))).toBe('unmatched topic');
    expect(reason(await socket.join('realtime:', {}))).toBe(
      'TopicNameRequired: You must provide a topic name',
    );
  });

  it('closes the socket on frames it cannot read', async () => {
    const bad = await RawSocket.open(stack.url, stack.anonKey);
    const closed = new Promise<number>((resolve) => bad.ws.once('close', resolve));
    bad.ws.send('{not json');
    expect(await closed).toBe(1007);
  });
});

describe('phx_join', () => {
  it('answers the bindings with their ids, then the system message', async () => {
    const reply = await socket.join('realtime:join', {
      config: { postgres_changes: [results, { ...results, event: 'INSERT' }] },
    });
    const bindings = (reply.payload.response as { postgres_changes: Array<{ id: number }> })
      .postgres_changes;
    expect(reply.payload.status).toBe('ok');
    expect(bindings).toEqual([
      { ...results, id: expect.any(Number) },
      { ...results, event: 'INSERT', id: expect.any(Number) },
    ]);
    expect(bindings[0]!.id).not.toBe(bindings[1]!.id);
    const system = await socket.next((f) => f.topic === 'realtime:join' && f.event === 'system');
    expect(system.payload).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'join',
    });
  });

  it('refuses expired, forged, malformed and incomplete tokens with realtime reasons', async () => {
    const expired = await token({ role: 'anon', exp: now() - 30 });
    expect(reason(await socket.join('realtime:t1', { access_token: expired }))).toMatch(
      /^InvalidJWTToken: Token has expired (30|31|32) seconds ago$/,
    );
    const forged = await token(
      { role: 'anon', exp: now() + 60 },
      'another-secret-another-secret-12345',
    );
    expect(reason(await socket.join('realtime:t2', { access_token: forged }))).toBe(
      'JwtSignatureError: Failed to validate JWT signature',
    );
    expect(reason(await socket.join('realtime:t3', { access_token: 'a.b.c' }))).toBe(
      'MalformedJWT: The token provided is not a valid JWT',
    );
    const noExp = await token({ role: 'anon' });
    expect(reason(await socket.join('realtime:t4', { access_token: noExp }))).toBe(
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    );
  });

  it('refuses private channels that no realtime.messages policy lets the caller read', async () => {
    expect(reason(await socket.join('realtime:secret', { config: { private: true } }))).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: secret',
    );
  });

  it.each([
    [
      { ...results, table: 'user_roles' },
      /^Unable to subscribe to changes with given parameters. Please check Realtime is enabled/,
    ],
    [
      { ...results, filter: 'nope=eq.1' },
      /Exception: ERROR P0001 \(raise_exception\) invalid column for filter nope$/,
    ],
    [
      { ...results, filter: 'draw_hour=eq.x' },
      /Exception: ERROR 22P02 invalid input syntax for type integer: "x"$/,
    ],
    [{ ...results, filter: 'draw_hour=foo.1' }, /^Error parsing `filter` params: \["foo", "1"\]$/],
  ])(
    'reports a binding it cannot subscribe in the system message (%j)',
    async (binding, message) => {
      const topic = `realtime:bad-${Math.random()}`;
      expect(
        (await socket.join(topic, { config: { postgres_changes: [binding] } })).payload.status,
      ).toBe('ok');
      const system = await socket.next((f) => f.topic === topic && f.event === 'system');
      expect(system.payload).toMatchObject({ extension: 'postgres_changes', status: 'error' });
      expect(system.payload.message).toMatch(message);
    },
  );

  it('closes the channel with phx_close on leave, on a second join and when the token expires', async () => {
    const joined = await socket.join('realtime:leave', {});
    const leave = socket.send('realtime:leave', 'phx_leave', {}, joined.ref!);
    expect((await socket.replyTo(leave)).payload.status).toBe('ok');
    await socket.next(
      (f) => f.topic === 'realtime:leave' && f.event === 'phx_close' && f.join_ref === joined.ref,
    );

    const first = await socket.join('realtime:twice', {});
    await socket.join('realtime:twice', {});
    await socket.next(
      (f) => f.topic === 'realtime:twice' && f.event === 'phx_close' && f.join_ref === first.ref,
    );

    const shortLived = await token({ role: 'anon', exp: now() + 2 });
    await socket.join('realtime:expiring', { access_token: shortLived });
    const system = await socket.next(
      (f) => f.topic === 'realtime:expiring' && f.event === 'system',
      5000,
    );
    expect(system.payload).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired/),
    });
    await socket.next((f) => f.topic === 'realtime:expiring' && f.event === 'phx_close');
  });
});

describe('the stack', () => {
  it('closes its sockets when it stops', async () => {
    const other = await startTestStack();
    const raw = await RawSocket.open(other.url, other.anonKey);
    await raw.join('realtime:bye', { config: { postgres_changes: [results] } });
    const closed = new Promise<number>((resolve) => raw.ws.once('close', resolve));
    const started = Date.now();
    await other.stop();
    expect(await closed).toBe(1001);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
