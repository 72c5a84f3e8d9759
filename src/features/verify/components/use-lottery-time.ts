import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';
import { formatLotteryTime } from '@/lib/draw-provenance';
import { wallClock } from '@/shared/lottery-clock';

/**
 * Formats an instant on the lottery clock in the page's language: `14:32` on the draw's day
 * (`sameDay`), else with its date joined by `common.dateTime`, never the English
 * `November 24, 2026, 09:05` (formatLotteryTime's form, kept for English).
 */
export function useLotteryTime(timeZone: string) {
  const { i18n } = useI18n();
  const format = useFormat();
  return (instant: string, sameDay?: string) => {
    const { date } = wallClock(timeZone, new Date(instant));
    const time = formatLotteryTime(instant, timeZone, date);
    return date === sameDay
      ? time
      : i18n._('common.dateTime', { date: format.longDate(date), time });
  };
}
