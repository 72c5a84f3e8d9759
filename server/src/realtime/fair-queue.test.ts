import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFull, type QueueOwner } from './fair-queue.ts';

const owner = (address = '10.0.0.1', served = 0): QueueOwner => ({ address, served });
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('FairQueue', () => {
  it('serves a socket with no work yet before sockets that re-join in a loop', async () => {
    const queue = new FairQueue(1, 100, 4);
    const order: string[] = [];
    let open!: () => void;
    const busy = queue.run(owner(), () => new Promise<void>((resolve) => (open = resolve)));
    const looping = Array.from({ length: 20 }, (_, i) => owner('10.0.0.1', 50 + i));
    const waits = looping.map((o, i) => queue.run(o, async () => void order.push(`loop-${i}`)));
    const fresh = queue.run(owner(), async () => void order.push('fresh'));
    await tick();
    open();
    await Promise.all([busy, fresh, ...waits]);
    expect(order[0]).toBe('fresh');
    expect(order.slice(1)).toEqual(looping.map((_, i) => `loop-${i}`));
  });

  it('serves an address with little recent work before a busy one', async () => {
    const queue = new FairQueue(1, 100, 4);
    const order: string[] = [];
    let open!: () => void;
    const busy = queue.run(owner('a'), () => new Promise<void>((resolve) => (open = resolve)));
    const fromA = Array.from({ length: 5 }, () =>
      queue.run(owner('a'), async () => void order.push('a')),
    );
    const fromB = queue.run(owner('b'), async () => void order.push('b'));
    await tick();
    open();
    await Promise.all([busy, fromB, ...fromA]);
    expect(order[0]).toBe('b');
  });

  it('bounds the queue per socket and in all, refusing the most-served work first', async () => {
    const queue = new FairQueue(1, 3, 2);
    let open!: () => void;
    const busy = queue.run(owner(), () => new Promise<void>((resolve) => (open = resolve)));
    const greedy = owner('x', 100);
    const first = queue.run(greedy, async () => 'greedy');
    const second = queue.run(greedy, async () => 'greedy');
    await expect(queue.run(greedy, async () => 'third')).rejects.toBeInstanceOf(QueueFull);
    const other = queue.run(owner('y', 10), async () => 'other');
    // Full: a fresh socket's work takes the place of the most-served waiting work.
    const fresh = queue.run(owner('z'), async () => 'fresh');
    const refused = await Promise.race([first, second].map((p) => p.catch((e: unknown) => e)));
    expect(refused).toBeInstanceOf(QueueFull);
    open();
    await busy;
    expect(await fresh).toBe('fresh');
    expect(await other).toBe('other');
    expect(queue.queued).toBe(0);
  });
});
