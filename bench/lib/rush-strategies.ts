// The two strategies of the rush benchmark (bench/rush.bench.ts) and the timed publication.
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { drawTime } from '../../src/shared/lottery-clock.ts';
import type { DayFetcher } from './day-fetch.ts';
import type { ChangedRow, OnChange } from './rush-subscribers.ts';

const DEADLINE_MS = 30_000;
/** A fetch that fails is retried, as a visitor's page would; every failure is counted. */
const ATTEMPTS = 3;

export interface Draw {
  date: string;
  hour: number;
  prize: string;
}
export interface Outcome {
  /** Per subscriber: ms from just before the insert until it had the row (NaN: never). */
  times: number[];
  errors: number;
  /** Fetches that answered without the new row. */
  stale: number;
}

const isDraw = (row: ChangedRow | null, draw: Draw) =>
  row !== null &&
  row.draw_date === draw.date &&
  row.draw_hour === draw.hour &&
  row.first_prize === draw.prize;

/** Where the subscribers' events go: the strategy being measured, or nowhere between rushes. */
export const router: { onChange: OnChange } = { onChange: () => {} };

export type Strategy = (outcome: Outcome, arrived: (i: number) => void) => OnChange;

/** Inserts `draw` as the admin and waits until all `subscribers` have it, or the deadline. */
export async function rush(
  admin: SupabaseClient,
  subscribers: number,
  draw: Draw,
  strategy: Strategy,
): Promise<Outcome> {
  const outcome: Outcome = { times: new Array<number>(subscribers).fill(NaN), errors: 0, stale: 0 };
  let start = 0;
  let count = 0;
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const arrived = (i: number) => {
    if (!Number.isNaN(outcome.times[i])) return;
    outcome.times[i] = performance.now() - start;
    if (++count === subscribers) finish();
  };
  router.onChange = strategy(outcome, arrived);
  start = performance.now();
  const { error } = await admin.from('lottery_results').insert({
    draw_date: draw.date,
    draw_hour: draw.hour,
    draw_time: drawTime(draw.hour),
    first_prize: draw.prize,
  });
  if (error) throw error;
  const deadline = setTimeout(finish, DEADLINE_MS);
  await done;
  clearTimeout(deadline);
  router.onChange = () => {};
  return outcome;
}

/** A: the event's row is the result (what the app does). */
export const applyRow =
  (draw: Draw): Strategy =>
  (_, arrived) =>
  (i, row) => {
    if (isDraw(row, draw)) arrived(i);
  };

/** B: the event only triggers a fetch of the day; its answer is the result. */
export const refetchPerEvent =
  (draw: Draw, fetcher: DayFetcher): Strategy =>
  (outcome, arrived) =>
  (i) => {
    void (async () => {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const rows = await fetcher.fetchDay();
          if (rows.some((row) => isDraw(row, draw))) arrived(i);
          else outcome.stale += 1;
          return;
        } catch {
          outcome.errors += 1;
        }
      }
    })();
  };
