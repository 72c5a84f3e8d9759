import { useI18n } from '@/i18n/i18n-context';
import type { WithdrawnResult } from '@/lib/types';
import { useLotteryTime } from './use-lottery-time';

export type WithdrawnTrace = Pick<
  WithdrawnResult,
  'id' | 'first_prize' | 'source' | 'withdrawn_at'
>;

/**
 * Every number once published for this draw and later withdrawn, with when (ADR 024): a lottery
 * never takes back a number silently, so a visitor who saw 5153 learns what became of it.
 */
export function WithdrawnNotice({
  withdrawn,
  date,
  timeZone,
}: {
  withdrawn: WithdrawnTrace[];
  /** The draw's date: a withdrawal on that day shows its time alone. */
  date: string;
  timeZone: string;
}) {
  const { i18n } = useI18n();
  const lotteryTime = useLotteryTime(timeZone);
  if (withdrawn.length === 0) return null;
  return (
    <section
      aria-label={i18n._('drawPage.withdrawnLabel')}
      className="rounded-md border border-amber-600/60 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ul className="flex flex-col gap-1">
        {withdrawn.map((trace) => (
          <li key={trace.id}>
            {i18n._('drawPage.withdrawnItem', {
              prize: trace.first_prize,
              source: trace.source === 'system' ? 'system' : 'operator',
              time: lotteryTime(trace.withdrawn_at, date),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
