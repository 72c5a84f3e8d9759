import { formatLotteryTime } from '@/lib/draw-provenance';
import type { WithdrawnResult } from '@/lib/types';

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
  if (withdrawn.length === 0) return null;
  return (
    <section
      aria-label="Withdrawn results"
      className="rounded-md border border-amber-600/60 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ul className="flex flex-col gap-1">
        {withdrawn.map((trace) => (
          <li key={trace.id}>
            <span className="font-mono font-semibold">{trace.first_prize}</span> was published for
            this draw (
            {trace.source === 'system' ? 'drawn by the system' : 'entered by the operator'}) and
            withdrawn at {formatLotteryTime(trace.withdrawn_at, timeZone, date)}.
          </li>
        ))}
      </ul>
    </section>
  );
}
