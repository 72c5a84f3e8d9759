import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedRead, READ_TIMEOUT_MS } from './bounded-read';

/** A read that ends only when its signal aborts, as a server that never answers. */
const hanging = (signal: AbortSignal) =>
  new Promise<string>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted'))),
  );

afterEach(() => vi.useRealTimers());

describe('a bounded read', () => {
  it('gives up after READ_TIMEOUT_MS, on the page’s own clock', async () => {
    vi.useFakeTimers();
    const read = boundedRead(undefined, hanging);
    const outcome = expect(read).rejects.toThrow('aborted');
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('stops when the query is cancelled, and leaves no timer or listener behind', async () => {
    vi.useFakeTimers();
    const cancelled = new AbortController();
    const remove = vi.spyOn(cancelled.signal, 'removeEventListener');
    const read = boundedRead(cancelled.signal, hanging);
    cancelled.abort();
    await expect(read).rejects.toThrow('aborted');
    expect(vi.getTimerCount()).toBe(0);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('hands back what the read answered', async () => {
    vi.useFakeTimers();
    await expect(boundedRead(undefined, async () => 'rows')).resolves.toBe('rows');
    expect(vi.getTimerCount()).toBe(0);
  });
});
