import type { LotteryResult } from './types';
import { formatLongDate, isDateString, publishedAt, wallClock } from '../shared/lottery-clock';

/** A system draw made more than this after its draw moment says so: it was drawn late. */
export const LATE_AFTER_MS = 60_000;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A result the system drew well after its draw moment (the scheduler was down): `created_at` is
 * when it was drawn (ADR 012).
 */
export function isLateDraw(
  result: Pick<LotteryResult, 'source' | 'created_at' | 'draw_date' | 'draw_hour'>,
  timeZone: string,
): boolean {
  if (result.source !== 'system' || !isDateString(result.draw_date)) return false;
  const moment = publishedAt(result.draw_date, result.draw_hour, timeZone).getTime();
  return new Date(result.created_at).getTime() - moment > LATE_AFTER_MS;
}

/**
 * An instant on the lottery clock: `14:32` on the day `sameDay` (the draw's date), else with its
 * date (`November 24, 2026, 09:05`), so a correction made days later never reads as the same day.
 */
export function formatLotteryTime(instant: string, timeZone: string, sameDay?: string): string {
  const wall = wallClock(timeZone, new Date(instant));
  const time = `${pad2(wall.hour)}:${pad2(wall.minute)}`;
  return wall.date === sameDay ? time : `${formatLongDate(wall.date)}, ${time}`;
}
