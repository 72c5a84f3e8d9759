// Joins share the stack's database work fairly (ADR 018): while many sockets re-join in a loop,
// a new visitor's join and its deliveries stay within a small multiple of its own baseline,
// measured in the same run. Scaled down; the stress version runs apart.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertResult } from '../utils/realtime-harness.ts';
import { RawSocket } from '../utils/phoenix-socket.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

const LOOPERS = 150;
const results = { event: '*', schema: 'public', table: 'lottery_results' };
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** A new visitor's private join with a binding, as the Today page makes it: ms to its reply. */
async function visitorJoin(): Promise<number> {
  const socket = await RawSocket.open(stack.url, stack.anonKey);
  const start = performance.now();
  const reply = await socket.join('realtime:results-live-1', {
    config: { private: true, postgres_changes: [results] },
  });
  const elapsed = performance.now() - start;
  expect(reply.payload.status).toBe('ok');
  socket.close();
  return elapsed;
}

/** ms from a published insert to its postgres_changes frame on `socket`. */
async function delivery(socket: RawSocket): Promise<number> {
  const start = performance.now();
  const row = await insertResult(stack.pool);
  await socket.next(
    (f) => f.event === 'postgres_changes' && JSON.stringify(f.payload).includes(row.id),
    10_000,
  );
  return performance.now() - start;
}

async function measure(listener: RawSocket) {
  const joins: number[] = [];
  const deliveries: number[] = [];
  for (let i = 0; i < 5; i++) {
    joins.push(await visitorJoin());
    deliveries.push(await delivery(listener));
  }
  return { join: median(joins), delivery: median(deliveries) };
}

it('keeps a new visitor near its baseline while sockets re-join in a loop', async () => {
  const listener = await RawSocket.open(stack.url, stack.anonKey);
  await listener.join('realtime:results-live-listener', {
    config: { private: true, postgres_changes: [results] },
  });
  await measure(listener); // warm the catalog and the pool
  const baseline = await measure(listener);

  const loopers = await Promise.all(
    Array.from({ length: LOOPERS }, () =>
      RawSocket.open(stack.url, stack.anonKey, '2.0.0', { record: false }),
    ),
  );
  let running = true;
  let rejoins = 0;
  const loops = loopers.map(async (socket, i) => {
    const topic = `realtime:loop-${i}`;
    let answered: () => void = () => undefined;
    socket.onFrame((f) => f.event === 'phx_reply' && answered());
    while (running) {
      // Under the socket's join rate; every join subscribes a binding: catalog work each time.
      await new Promise<void>((resolve) => {
        answered = resolve;
        socket.send(topic, 'phx_join', { config: { postgres_changes: [results] } });
      });
      rejoins++;
      await sleep(25);
    }
  });
  await sleep(1000);
  const attacked = await measure(listener);
  running = false;
  await Promise.all(loops);
  for (const socket of loopers) socket.close();
  listener.close();

  console.info(
    `fair joins: baseline ${JSON.stringify(baseline)}, attacked ${JSON.stringify(attacked)}, ${rejoins} re-joins`,
  );
  expect(rejoins).toBeGreaterThan(LOOPERS * 2);
  expect(attacked.join).toBeLessThan(Math.max(5 * baseline.join, baseline.join + 50));
  expect(attacked.delivery).toBeLessThan(Math.max(5 * baseline.delivery, baseline.delivery + 50));
}, 60_000);
