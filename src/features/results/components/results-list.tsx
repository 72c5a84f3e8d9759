import { drawNumber, hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { PrizeNumber } from '@/components/results/prize-number';
import { ResultRow, type ResultRowAction } from './result-row';
import { useI18n } from '@/i18n/i18n-context';

/** The draw heading the list until its row arrives: its hour, and whether it awaits the beacon. */
export interface PendingDraw {
  hour: number;
  waiting?: boolean;
}

/**
 * Rows arrive newest hour first (the query orders them; live events keep the order). A draw
 * being made (`drawing`) heads the list until its row arrives.
 */
export function ResultsList({
  results,
  label,
  drawing,
  RowAction,
}: {
  results: LotteryResult[];
  label: string;
  drawing?: PendingDraw;
  RowAction?: ResultRowAction;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {drawing !== undefined && <DrawingRow {...drawing} withAction={RowAction !== undefined} />}
      {results.map((result) => (
        <ResultRow key={result.id} result={result} Action={RowAction} />
      ))}
    </ul>
  );
}

/**
 * The row of the draw being made, as tall as the row that replaces it: the balls' room beside its
 * status and, where rows carry an action, the action's line below, both kept invisibly, so the
 * number's arrival moves nothing under it.
 */
export function DrawingRow({ hour, waiting, withAction }: PendingDraw & { withAction: boolean }) {
  const { i18n } = useI18n();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-dashed bg-card">
      <div className="flex items-center justify-between gap-3 px-3 py-3 min-[360px]:px-4">
        <span className="flex flex-col">
          <span className="text-lg font-bold tabular-nums">{hourLabel(hour)}</span>
          <span className="text-sm whitespace-nowrap text-muted-foreground">
            {i18n._('draw.number', { number: drawNumber(hour) })}
          </span>
        </span>
        <span className="grid items-center justify-items-end">
          <span aria-hidden className="invisible [grid-area:1/1]">
            <PrizeNumber prize="0000" />
          </span>
          <span className="text-right font-medium text-primary [grid-area:1/1]">
            {i18n._(waiting ? 'draw.waitingForBeacon' : 'draw.drawingNow')}
          </span>
        </span>
      </div>
      {withAction && <div aria-hidden className="mx-3 mb-3 h-8 min-[360px]:mx-4" />}
    </li>
  );
}
