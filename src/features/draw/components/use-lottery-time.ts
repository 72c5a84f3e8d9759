import { useI18n } from '@/i18n/i18n-context';
import { formatLotteryTime } from '@/lib/draw-provenance';
import { wallClock } from '@/shared/lottery-clock';
import { useDrawFormat } from './use-draw-format';

/**
 * Formats an instant on the lottery clock in the page's language: `14:32` on the draw's day
 * (`sameDay`), else with its date joined by `common.dateTime`, never the English
 * `November 24, 2026, 09:05` (formatLotteryTime's form, which English keeps).
 */
export function useLotteryTime(timeZone: string) {
  const { i18n } = useI18n();
  const format = useDrawFormat();
  return (instant: string, sameDay?: string) => {
    const { date } = wallClock(timeZone, new Date(instant));
    const time = formatLotteryTime(instant, timeZone, date);
    if (date === sameDay) return time;
    return i18n._('common.dateTime', { date: format.longDate(date), time });
  };
}
