import { memo, type ComponentType } from 'react';
import { drawNumber, hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { PrizeNumber } from '@/components/results/prize-number';
import { ResultBadges } from './result-badges';
import { useI18n } from '@/i18n/i18n-context';

/**
 * What a row offers beside its number: the app hands in the draw's verification (another feature's
 * Verify button), Today and History pass it down to each row.
 */
export type ResultRowAction = ComponentType<{ result: LotteryResult }>;

/**
 * The time and number open the draw's own page (`href`, a plain anchor the list's one handler
 * opens in the app: useInAppLinks); the badges and the row's action (Verify) sit below the link,
 * since a button may not live inside a link.
 *
 * Memoized: the page above renders again as its read and live channel settle (three times after
 * Today's first paint) and at each draw, while a row's result keeps its identity (React Query's
 * structural sharing): only a row whose draw changed renders again.
 */
export const ResultRow = memo(function ResultRow({
  result,
  href,
  Action,
}: {
  result: LotteryResult;
  href: string;
  Action?: ResultRowAction;
}) {
  const { i18n } = useI18n();
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card shadow-xs">
      <a
        href={href}
        className="flex items-center justify-between gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid min-[360px]:px-4"
      >
        <span className="flex flex-col">
          <span className="text-lg font-bold tabular-nums">{hourLabel(result.draw_hour)}</span>
          <span className="text-sm whitespace-nowrap text-muted-foreground">
            {i18n._('draw.number', { number: drawNumber(result.draw_hour) })}
          </span>
        </span>
        <PrizeNumber prize={result.first_prize} />
      </a>
      <div className="flex flex-wrap items-center gap-2 px-3 pb-3 empty:hidden min-[360px]:px-4">
        <ResultBadges result={result} />
        {Action && <Action result={result} />}
      </div>
    </li>
  );
});
