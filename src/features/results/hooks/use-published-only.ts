import { useMemo } from 'react';
import { isPublished } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';

/**
 * The public lists' rule, applied by Today and History alike: a result shows from its draw time
 * on. Row-level security already keeps anonymous visitors from reading it earlier; this keeps a
 * signed-in admin's view of the public pages honest too, and lets a cached row appear exactly
 * when the clock (`now`, the page's draw clock, which ticks at each draw time) passes its draw
 * time. `undefined` (still loading) stays `undefined`.
 */
export function usePublishedOnly(
  rows: LotteryResult[] | undefined,
  timeZone: string,
  now: Date,
): LotteryResult[] | undefined {
  return useMemo(
    () => rows?.filter((row) => isPublished(row.draw_date, row.draw_hour, timeZone, now)),
    [rows, timeZone, now],
  );
}
