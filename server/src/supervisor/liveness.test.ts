import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UNRESPONSIVE_MS, Liveness, PING_MS, unresponsiveMs } from './liveness.ts';

describe('Liveness', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function watched(limitMs = 5_000) {
    const events = { pings: 0, hung: [] as number[] };
    const liveness = new Liveness(
      () => (events.pings += 1),
      (silentMs) => events.hung.push(silentMs),
      limitMs,
    );
    liveness.start();
    return { liveness, events };
  }

  it('pings every second and leaves alone a worker that answers', () => {
    const { liveness, events } = watched();
    for (let second = 0; second < 20; second++) {
      vi.advanceTimersByTime(PING_MS);
      liveness.answered();
    }
    expect(events.pings).toBe(20);
    expect(events.hung).toEqual([]);
    liveness.stop();
  });

  it('calls a worker hung once a ping has gone unanswered for the limit, and stops pinging', () => {
    const { events } = watched(5_000);
    vi.advanceTimersByTime(PING_MS); // the first unanswered ping
    vi.advanceTimersByTime(4_000);
    expect(events.hung).toEqual([]);
    vi.advanceTimersByTime(PING_MS);
    expect(events.hung).toEqual([5_000]);
    const pings = events.pings;
    vi.advanceTimersByTime(10 * PING_MS);
    expect(events.pings).toBe(pings);
  });

  it('a busy worker that answers late but within the limit is not hung', () => {
    const { liveness, events } = watched(5_000);
    vi.advanceTimersByTime(4 * PING_MS); // four pings, none answered: a 4 s task
    liveness.answered();
    vi.advanceTimersByTime(4 * PING_MS);
    expect(events.hung).toEqual([]);
  });

  it('judges nothing on a tick that comes late: this process was the one held up', () => {
    const { events } = watched(2_000);
    vi.advanceTimersByTime(PING_MS);
    // The supervisor's own loop blocked for 5 s: its timers fire late, the answer is unread.
    vi.setSystemTime(Date.now() + 5_000);
    vi.advanceTimersByTime(PING_MS);
    expect(events.hung).toEqual([]);
  });
});

it('LOTTO24_UNRESPONSIVE_MS sets the limit, no lower than two pings', () => {
  expect(unresponsiveMs({})).toBe(DEFAULT_UNRESPONSIVE_MS);
  expect(unresponsiveMs({ LOTTO24_UNRESPONSIVE_MS: '3000' })).toBe(3_000);
  expect(unresponsiveMs({ LOTTO24_UNRESPONSIVE_MS: '500' })).toBe(DEFAULT_UNRESPONSIVE_MS);
  expect(unresponsiveMs({ LOTTO24_UNRESPONSIVE_MS: 'soon' })).toBe(DEFAULT_UNRESPONSIVE_MS);
});
