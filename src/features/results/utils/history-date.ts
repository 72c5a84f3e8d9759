import { isDateString } from '@/lib/lottery-clock';

/**
 * The history date from the URL: a real date up to today (lottery timezone). Without one it is
 * `fallback` (the day the page opened on); anything else, a future day or garbage, falls back to
 * today and `fellBack` says the URL should be cleaned.
 */
export function resolveHistoryDate(
  raw: string | null,
  today: string,
  fallback: string = today,
): { date: string; fellBack: boolean } {
  if (raw === null) return { date: fallback, fellBack: false };
  // yyyy-MM-dd strings compare in calendar order.
  if (isDateString(raw) && raw <= today) return { date: raw, fellBack: false };
  return { date: today, fellBack: true };
}
