import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from '../../lib/png.ts';
import { renderThread } from './render-thread.ts';

const thread = renderThread({ maxQueue: 3 });
afterAll(() => thread.close());

describe('renderThread', () => {
  it('draws images off the event loop, and answers undefined past its queue', async () => {
    const asks = Array.from({ length: 5 }, (_, hour) =>
      thread.render({ date: '2026-11-23', hour, prize: `000${hour}` }),
    );
    const pngs = await Promise.all(asks);
    expect(pngs.slice(3)).toEqual([undefined, undefined]);
    for (const png of pngs.slice(0, 3)) expect(decodePng(png!).width).toBe(1200);
  });

  it('answers undefined for content it cannot draw, and keeps serving', async () => {
    expect(await thread.render({ date: '2026-11-23', hour: 1, prize: '12a4' })).toBeUndefined();
    expect(await thread.render({ date: '2026-11-23', hour: 1, prize: '1234' })).toBeInstanceOf(
      Buffer,
    );
  });
});

describe('a render thread that does not answer', () => {
  it('is ended after its timeout, and its job answered undefined (the generic image)', async () => {
    const slow = renderThread({ timeoutMs: 1 });
    try {
      // 1 ms is less than a thread takes to start: the first job times out.
      expect(await slow.render({ date: '2026-11-23', hour: 1, prize: '1234' })).toBeUndefined();
    } finally {
      await slow.close();
    }
  });
});
