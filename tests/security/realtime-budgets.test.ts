// Realtime's budgets for the whole stack, not only per socket (ADR 018): sockets per address and
// in all (refused at the upgrade), topic length, channels and bindings over all sockets, the join
// frames a socket keeps, and memory and dead tuples that stay bounded whatever is joined.
// Scaled down through the environment the stack reads at start; the stress versions run apart.
import v8 from 'node:v8';
import vm from 'node:vm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/realtime/limits.ts';
import { RawSocket, type Frame } from '../utils/phoenix-socket.ts';
import { probeRowCounter } from '../utils/probe-rows.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { waitFor } from '../utils/wait-for.ts';
import { allow } from '../utils/load-factor.ts';

const CAPS = { sockets: 24, perAddress: 16, channels: 40, bindings: 120 };
const ENV = [
  'REALTIME_MAX_SOCKETS',
  'REALTIME_MAX_SOCKETS_PER_IP',
  'REALTIME_MAX_CHANNELS',
  'REALTIME_MAX_BINDINGS',
] as const;
let stack: TestStack;
const opened: WebSocket[] = [];
let probeRows: () => Promise<number>;

beforeAll(async () => {
  // Read once when the realtime plugin starts; this file runs in its own process.
  process.env.REALTIME_MAX_SOCKETS = String(CAPS.sockets);
  process.env.REALTIME_MAX_SOCKETS_PER_IP = String(CAPS.perAddress);
  process.env.REALTIME_MAX_CHANNELS = String(CAPS.channels);
  process.env.REALTIME_MAX_BINDINGS = String(CAPS.bindings);
  stack = await startTestStack();
  probeRows = await probeRowCounter(stack.pool);
});
afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await stack?.stop();
  for (const name of ENV) delete process.env[name];
});

const reason = (frame: Frame) => (frame.payload.response as { reason?: string }).reason;
const url = () => RawSocket.url(stack.url, { apikey: stack.anonKey, vsn: '2.0.0' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a websocket from `localAddress` (any 127/8 address reaches the stack on Linux). */
function upgrade(localAddress: string): Promise<WebSocket | { status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url(), { localAddress });
    ws.once('open', () => {
      opened.push(ws);
      resolve(ws);
    });
    ws.once('error', (error) => (error.message.includes('Unexpected') ? undefined : reject(error)));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }),
      );
    });
  });
}

describe('sockets', () => {
  it('refuses an upgrade past the per-address cap and past the total with 429 and JSON', async () => {
    const first = await Promise.all(
      Array.from({ length: CAPS.perAddress }, () => upgrade('127.0.0.1')),
    );
    expect(first.every((ws) => ws instanceof WebSocket)).toBe(true);
    expect(await upgrade('127.0.0.1')).toEqual({
      status: 429,
      body: { message: 'ConnectionRateLimitReached: Too many connections from this address' },
    });
    // Another address still gets in, up to the total.
    const rest = CAPS.sockets - CAPS.perAddress;
    const others = await Promise.all(Array.from({ length: rest }, () => upgrade('127.0.0.2')));
    expect(others.every((ws) => ws instanceof WebSocket)).toBe(true);
    expect(await upgrade('127.0.0.3')).toEqual({
      status: 429,
      body: { message: 'ConnectionRateLimitReached: Too many connected users' },
    });
    // A closed socket gives its slot back.
    (first[0] as WebSocket).terminate();
    (others[0] as WebSocket).terminate();
    await sleep(200);
    expect(await upgrade('127.0.0.3')).toBeInstanceOf(WebSocket);
    for (const ws of opened.splice(0)) ws.terminate();
    await sleep(200);
  });
});

describe('topics, channels and bindings', () => {
  it('refuses a topic over LIMITS.topicBytes, public or private, and keeps the socket', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    for (const isPrivate of [false, true]) {
      const long = `realtime:${'é'.repeat(128)}`; // 256 bytes of UTF-8
      expect(reason(await socket.join(long, { config: { private: isPrivate } }))).toBe(
        `TopicNameTooLong: a topic name may be at most ${LIMITS.topicBytes} bytes`,
      );
    }
    const longest = `realtime:${'a'.repeat(LIMITS.topicBytes)}`;
    expect((await socket.join(longest, {})).payload.status).toBe('ok');
    socket.close();
  });

  it('counts channels and bindings over all sockets, and gives them back on leave', async () => {
    const sockets = await Promise.all(
      [0, 1, 2].map(() => RawSocket.open(stack.url, stack.anonKey)),
    );
    const replies: Frame[] = [];
    for (let i = 0; i < CAPS.channels; i++) {
      const socket = sockets[i % 3]!;
      replies.push(await socket.join(`realtime:total-${i}`, {}));
    }
    expect(replies.every((f) => f.payload.status === 'ok')).toBe(true);
    const over = await sockets[2]!.join('realtime:total-over', {});
    expect(reason(over)).toBe('ChannelRateLimitReached: Too many channels');
    const leave = sockets[0]!.send('realtime:total-0', 'phx_leave', {}, replies[0]!.ref!);
    await sockets[0]!.replyTo(leave);
    expect((await sockets[2]!.join('realtime:total-over', {})).payload.status).toBe('ok');
    for (const socket of sockets) socket.close();
    await sleep(200);

    const results = { event: '*', schema: 'public', table: 'lottery_results' };
    const bindings = (n: number) => ({ config: { postgres_changes: Array(n).fill(results) } });
    const a = await RawSocket.open(stack.url, stack.anonKey);
    const b = await RawSocket.open(stack.url, stack.anonKey);
    expect((await a.join('realtime:b1', bindings(LIMITS.bindingsPerJoin))).payload.status).toBe(
      'ok',
    );
    const excess = CAPS.bindings - LIMITS.bindingsPerJoin + 1;
    expect(reason(await b.join('realtime:b2', bindings(excess)))).toBe(
      'TooManyBindings: the stack holds as many postgres_changes bindings as it may',
    );
    a.close();
    await sleep(200);
    expect((await b.join('realtime:b2', bindings(excess))).payload.status).toBe('ok');
    b.close();
  });

  it(
    "bounds the join frames a socket's channels keep",
    async () => {
      const socket = await RawSocket.open(stack.url, stack.anonKey);
      const junk = 'x'.repeat(1_000_000 - 200);
      const statuses: Array<string | undefined> = [];
      // One frame of ~1 MB a second: the socket's byte rate.
      for (let i = 0; i < 5; i++) {
        const frame = await socket.join(`realtime:big-${i}`, { config: {}, junk });
        statuses.push(frame.payload.status === 'ok' ? 'ok' : reason(frame));
        if (i < 4) await sleep(1050);
      }
      expect(statuses).toEqual([
        ...Array(4).fill('ok'),
        'ChannelRateLimitReached: Too many channels',
      ]);
      socket.close();
    },
    allow(15_000),
  );
});

/** The stack runs in this process: its heap after a full collection is what it keeps. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
function retained(): number {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Probe rows ever written into realtime.messages (each a dead tuple once rolled back) and the
 * table's bytes with its TOAST and indexes.
 */
async function messagesTable() {
  const { rows } = await stack.pool.query<{ bytes: string }>(
    `select pg_catalog.pg_total_relation_size('"realtime"."messages"') as "bytes"`,
  );
  return { dead: await probeRows(), bytes: Number(rows[0]!.bytes) };
}

describe('what a flood of joins leaves behind', () => {
  it(
    'keeps the heap and realtime.messages flat under ~900 KB topic names, public and private',
    async () => {
      // The sockets keep no frames (each reply echoes its topic): only the stack's memory counts.
      const sockets = await Promise.all(
        Array.from({ length: CAPS.perAddress }, () =>
          RawSocket.open(stack.url, stack.anonKey, '2.0.0', { record: false }),
        ),
      );
      const reasons: string[] = [];
      const closes: number[] = [];
      for (const socket of sockets) {
        socket.onFrame((frame) => reasons.push(reason(frame) ?? ''));
        socket.ws.on('close', (code) => closes.push(code));
      }
      const before = { heap: retained(), table: await messagesTable() };
      const padding = 't'.repeat(900_000);
      let sent = 0;
      for (let round = 0; round < 3; round++) {
        sockets.forEach((socket, i) => {
          if (socket.ws.readyState !== socket.ws.OPEN) return;
          sent++;
          socket.send(`realtime:${round}-${i}-${padding}`, 'phx_join', {
            config: { private: i % 2 === 1 },
          });
        });
        await sleep(1050);
      }
      // Each join is refused, or its socket closed once large frames pass the stack-wide rate.
      await waitFor(() => reasons.length + closes.length >= sent);
      expect(reasons.length).toBeGreaterThan(0);
      expect(new Set(reasons)).toEqual(
        new Set([`TopicNameTooLong: a topic name may be at most ${LIMITS.topicBytes} bytes`]),
      );
      expect(new Set(closes)).toEqual(new Set(closes.length > 0 ? [1008] : []));
      const after = { heap: retained(), table: await messagesTable() };
      // 48 joins of 900 KB: the old stack kept every topic (and wrote the private ones as rows).
      expect(after.heap - before.heap).toBeLessThan(16 * 1024 * 1024);
      expect(after.table.dead).toBe(before.table.dead);
      for (const socket of sockets) socket.close();
    },
    allow(20_000),
  );

  it(
    'leaves at most one small dead tuple per private join checked, and none for a re-join',
    async () => {
      const sockets = await Promise.all(
        [0, 1, 2, 3].map(() => RawSocket.open(stack.url, stack.anonKey)),
      );
      const before = await messagesTable();
      const topic = (s: number, i: number) =>
        `realtime:${s}-${i}-${'p'.repeat(LIMITS.topicBytes - 8)}`;
      const joins = 30;
      const round = () =>
        Promise.all(
          sockets.map(async (socket, s) => {
            for (let i = 0; i < joins; i++) {
              const frame = await socket.join(topic(s, i), { config: { private: true } });
              expect(reason(frame)).toMatch(/^Unauthorized: You do not have permissions/);
            }
          }),
        );
      await round();
      const checked = await messagesTable();
      // The same topics and token again: each socket's answers are kept, so nothing is probed.
      await round();
      const again = await messagesTable();
      expect(checked.dead - before.dead).toBeLessThanOrEqual(sockets.length * joins);
      expect(checked.bytes - before.bytes).toBeLessThan(512 * 1024);
      expect(again.dead).toBe(checked.dead);
      for (const socket of sockets) socket.close();
    },
    allow(20_000),
  );
});
