import { drawNumber, hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
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
      {drawing !== undefined && <DrawingRow {...drawing} />}
      {results.map((result) => (
        <ResultRow key={result.id} result={result} Action={RowAction} />
      ))}
    </ul>
  );
}

function DrawingRow({ hour, waiting }: PendingDraw) {
  const { i18n } = useI18n();
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-dashed bg-card px-3 py-3 min-[360px]:px-4">
      <span className="flex flex-col">
        <span className="text-lg font-bold tabular-nums">{hourLabel(hour)}</span>
        <span className="text-sm whitespace-nowrap text-muted-foreground">
          {i18n._('draw.number', { number: drawNumber(hour) })}
        </span>
      </span>
      <span className="font-medium text-primary">
        {i18n._(waiting ? 'draw.waitingForBeacon' : 'draw.drawingNow')}
      </span>
    </li>
  );
}
