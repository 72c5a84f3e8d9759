// One hostile realtime socket against a live stack while an honest visitor keeps reading today's
// results over REST (ADR 008): hostile filters, huge, deep and flooding frames, join and binding
// floods. Each attack must be refused with realtime's error or a closed socket, the visitor's
// reads stay near their own baseline, and the stack keeps delivering to an honest subscriber.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/realtime/limits.ts';
import { insertResult } from '../utils/realtime-harness.ts';
import { RawSocket, type Frame } from '../utils/phoenix-socket.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { expectVisitorUnharmed, whileVisitorReads } from '../utils/visitor-probe.ts';

let stack: TestStack;
let honest: RawSocket;
const results = { event: '*', schema: 'public', table: 'lottery_results' };

beforeAll(async () => {
  stack = await startTestStack();
  honest = await RawSocket.open(stack.url, stack.anonKey);
  await honest.join('realtime:results-live-honest', {
    config: { private: true, postgres_changes: [results] },
  });
});
afterAll(async () => {
  honest?.close();
  await stack?.stop();
});

const target = () => ({ url: stack.url, anonKey: stack.anonKey, date: '2024-01-01' });
const closed = (socket: RawSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
const reason = (frame: Frame) => (frame.payload.response as { reason?: string }).reason;
/** JSON nested `depth` deep, as text: JSON.stringify itself could not write it. */
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The honest subscriber still gets a published insert made after the attack. */
async function honestStillServed(): Promise<void> {
  const row = await insertResult(stack.pool);
  await honest.next(
    (f) => f.event === 'postgres_changes' && JSON.stringify(f.payload).includes(row.id),
  );
}

describe('hostile filters', () => {
  it('refuses like, ilike, match and is at join; no pattern ever runs', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    const pattern = `${'%'.repeat(60)}x`;
    const report = await whileVisitorReads(target(), async () => {
      for (const op of ['like', 'ilike', 'match', 'imatch', 'is']) {
        const topic = `realtime:filter-${op}`;
        const filter = `first_prize=${op}.${pattern}`;
        await socket.join(topic, { config: { postgres_changes: [{ ...results, filter }] } });
        const system = await socket.next((f) => f.topic === topic && f.event === 'system');
        expect(system.payload).toMatchObject({
          extension: 'postgres_changes',
          status: 'error',
          message: `Error parsing \`filter\` params: ["${op}", "${pattern}"]`,
        });
      }
      // Writes that would each have run the pattern: nothing reaches the refused channels.
      for (let i = 0; i < 10; i++) await insertResult(stack.pool, true, `${i}`.padStart(4, '0'));
    });
    expectVisitorUnharmed(report);
    expect(socket.frames.filter((f) => f.event === 'postgres_changes')).toEqual([]);
    socket.close();
    await honestStillServed();
  });
});

describe('frames', () => {
  it('closes sockets sending frames over the size limit before buffering them', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 8 }, () => RawSocket.open(stack.url, stack.anonKey)),
    );
    const report = await whileVisitorReads(target(), async () => {
      const codes = sockets.map(closed);
      for (const socket of sockets) socket.ws.send('x'.repeat(LIMITS.frameBytes + 1));
      expect((await Promise.all(codes)).map((c) => c.code)).toEqual(sockets.map(() => 1009));
    });
    expectVisitorUnharmed(report);
    await honestStillServed();
  });

  it('shuts a flooding socket down with realtime\'s "Too many messages per second"', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    await socket.join('realtime:flood', { config: { postgres_changes: [results] } });
    const report = await whileVisitorReads(target(), async () => {
      const end = closed(socket);
      const heartbeat = JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]);
      for (let i = 0; i < 5000 && socket.ws.readyState === socket.ws.OPEN; i++) {
        socket.ws.send(heartbeat);
      }
      expect(await end).toEqual({ code: 1008, reason: 'Too many messages per second' });
    });
    expectVisitorUnharmed(report);
    const shutdown = socket.frames.find(
      (f) =>
        f.topic === 'realtime:flood' && f.event === 'system' && f.payload.extension === 'system',
    );
    expect(shutdown?.payload).toMatchObject({
      extension: 'system',
      status: 'error',
      message: 'Too many messages per second',
    });
    // At most one second's worth was answered; the rest was never parsed.
    const answered = socket.frames.filter((f) => f.topic === 'phoenix').length;
    expect(answered).toBeLessThanOrEqual(LIMITS.framesPerSecond);
    await honestStillServed();
  });

  it('answers deeply nested payloads with an error reply, in both vsn, and keeps the socket', async () => {
    for (const vsn of ['2.0.0', '1.0.0'] as const) {
      const socket = await RawSocket.open(stack.url, stack.anonKey, vsn);
      const payload = `{"config":${deep(100_000)}}`;
      socket.ws.send(
        vsn === '2.0.0'
          ? `["9","9","realtime:deep","phx_join",${payload}]`
          : `{"topic":"realtime:deep","event":"phx_join","payload":${payload},"ref":"9","join_ref":"9"}`,
      );
      expect(reason(await socket.replyTo('9'))).toBe(
        `Payload nesting exceeds ${LIMITS.jsonDepth} levels`,
      );
      const heartbeat = socket.send('phoenix', 'heartbeat', {});
      expect((await socket.replyTo(heartbeat)).payload.status).toBe('ok');
      socket.close();
    }
  });
});

describe('joins and bindings', () => {
  it('refuses a join past the channel limit, and closes a socket joining too fast', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    const report = await whileVisitorReads(target(), async () => {
      // Within the join rate: batches of 40 a second apart, up to the channel limit.
      for (let i = 0; i < LIMITS.channels; i += 40) {
        const batch = Array.from({ length: Math.min(40, LIMITS.channels - i) }, (_, j) =>
          socket.join(`realtime:many-${i + j}`, {}),
        );
        expect((await Promise.all(batch)).every((f) => f.payload.status === 'ok')).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
      expect(reason(await socket.join('realtime:one-too-many', {}))).toBe(
        'ChannelRateLimitReached: Too many channels',
      );

      const fast = await RawSocket.open(stack.url, stack.anonKey);
      const end = closed(fast);
      const replies = Array.from({ length: LIMITS.joinsPerSecond + 1 }, (_, i) =>
        fast.join(`realtime:fast-${i}`, {}),
      );
      expect(reason(await replies.at(-1)!)).toBe(
        'ClientJoinRateLimitReached: Too many joins per second',
      );
      expect((await end).code).toBe(1008);
    });
    expectVisitorUnharmed(report);
    socket.close();
    await honestStillServed();
  });

  it('refuses joins with too many bindings or filters before any query', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    const report = await whileVisitorReads(target(), async () => {
      const many = Array.from({ length: LIMITS.bindingsPerJoin + 1 }, () => results);
      expect(
        reason(await socket.join('realtime:bindings', { config: { postgres_changes: many } })),
      ).toBe(
        `TooManyBindings: at most ${LIMITS.bindingsPerJoin} postgres_changes bindings per channel`,
      );
      const filter = Array.from(
        { length: LIMITS.filtersPerJoin + 1 },
        (_, i) => `draw_hour=neq.${i}`,
      ).join(',');
      expect(
        reason(
          await socket.join('realtime:filters', {
            config: { postgres_changes: [{ ...results, filter }] },
          }),
        ),
      ).toBe(`TooManyFilters: at most ${LIMITS.filtersPerJoin} filters per channel`);
      // The most a join may carry is accepted.
      const most = Array.from({ length: LIMITS.bindingsPerJoin }, (_, i) => ({
        ...results,
        filter: `draw_hour=neq.${i % 24}`,
      }));
      const ok = await socket.join('realtime:most', { config: { postgres_changes: most } });
      expect(ok.payload.status).toBe('ok');
      await socket.next((f) => f.topic === 'realtime:most' && f.event === 'system');
    });
    expectVisitorUnharmed(report);
    socket.close();
    await honestStillServed();
  });
});
