import { isPublished } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';

/**
 * Public pages show a result from its draw time on. Row-level security already keeps anonymous
 * visitors from reading it earlier; this keeps a signed-in admin's view of the public pages
 * honest too, and lets a cached row appear exactly when the clock passes its draw time.
 */
export function publishedOnly(rows: LotteryResult[], timeZone: string, now: Date): LotteryResult[] {
  return rows.filter((row) => isPublished(row.draw_date, row.draw_hour, timeZone, now));
}
