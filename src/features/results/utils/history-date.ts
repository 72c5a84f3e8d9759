import { isDateString } from '@/lib/lottery-clock';

/**
 * The history date from the URL: a real date up to today (lottery timezone). Anything else, a
 * future day or garbage, falls back to today; `fellBack` says the URL should be cleaned.
 */
export function resolveHistoryDate(
  raw: string | null,
  today: string,
): { date: string; fellBack: boolean } {
  if (raw === null) return { date: today, fellBack: false };
  // yyyy-MM-dd strings compare in calendar order.
  if (isDateString(raw) && raw <= today) return { date: raw, fellBack: false };
  return { date: today, fellBack: true };
}
