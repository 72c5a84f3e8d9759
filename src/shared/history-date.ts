// Relative, not `@/`: the stack imports this file to serve History's rows (server/src/static).
import { isDateString } from './lottery-clock.ts';

/** Why a `?date=` was not shown: it names a day still ahead, or no day at all. */
export type HistoryDateProblem = 'future' | 'invalid';

/**
 * The history date from the URL: a real date up to today (lottery timezone). Without one it is
 * `fallback` (the day the page opened on); anything else, a future day or garbage, falls back to
 * today, `fellBack` says the URL should be cleaned and `problem` why, so the page can say so.
 */
export function resolveHistoryDate(
  raw: string | null,
  today: string,
  fallback: string = today,
): { date: string; fellBack: boolean; problem?: HistoryDateProblem } {
  if (raw === null) return { date: fallback, fellBack: false };
  // yyyy-MM-dd strings compare in calendar order.
  if (isDateString(raw) && raw <= today) return { date: raw, fellBack: false };
  return { date: today, fellBack: true, problem: isDateString(raw) ? 'future' : 'invalid' };
}

/** A stranger's `?date=` is shown back in the notice: never more than this much of it. */
export const SHOWN_DATE_CHARS = 40;

/** The notice for a `?date=` that was not shown: `2026-12-01 is in the future; showing today.` */
export function historyDateNotice(raw: string, problem: HistoryDateProblem): string {
  const shown = raw.length > SHOWN_DATE_CHARS ? `${raw.slice(0, SHOWN_DATE_CHARS)}…` : raw;
  return problem === 'future'
    ? `${shown} is in the future; showing today.`
    : `“${shown}” is not a date (yyyy-mm-dd); showing today.`;
}
