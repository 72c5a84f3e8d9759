import { formatLotteryTime, isLateDraw } from '@/lib/draw-provenance';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import type { LotteryResult } from '@/lib/types';
import { useI18n } from '@/i18n/i18n-context';

const badge = 'rounded-full border px-2 py-0.5 text-xs font-medium';
const neutral = `${badge} border-border bg-secondary text-secondary-foreground`;
// Amber on amber: 7:1 in light, 10:1 in dark; a correction must stand out, not alarm.
const warning = `${badge} border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200`;

/**
 * Where a result came from, said to everyone (ADR 012): typed by the operator, drawn late by the
 * system, or corrected after publication (with the previous number and when).
 */
export function ResultBadges({ result }: { result: LotteryResult }) {
  const { i18n } = useI18n();
  const timeZone = useLotteryTimezone();
  const operator = result.source !== 'system';
  const late = isLateDraw(result, timeZone);
  const corrected = result.previous_prize !== null && result.corrected_at !== null;
  if (!operator && !late && !corrected) return null;
  return (
    <>
      {operator && <span className={neutral}>{i18n._('badge.operator')}</span>}
      {late && <span className={neutral}>{i18n._('badge.late')}</span>}
      {corrected && (
        <span className={warning}>
          {i18n._('badge.corrected', {
            prize: result.previous_prize!,
            time: formatLotteryTime(result.corrected_at!, timeZone, result.draw_date),
          })}
        </span>
      )}
    </>
  );
}
