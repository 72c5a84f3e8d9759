import { drawNumber, hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { ResultRow } from './result-row';
import { useI18n } from '@/i18n/i18n-context';

/**
 * Rows arrive newest hour first (the query orders them; live events keep the order). A draw
 * being made (`drawing`, its hour) heads the list until its row arrives.
 */
export function ResultsList({
  results,
  label,
  drawing,
}: {
  results: LotteryResult[];
  label: string;
  drawing?: number;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {drawing !== undefined && <DrawingRow hour={drawing} />}
      {results.map((result) => (
        <ResultRow key={result.id} result={result} />
      ))}
    </ul>
  );
}

function DrawingRow({ hour }: { hour: number }) {
  const { i18n } = useI18n();
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-dashed bg-card px-3 py-3 min-[360px]:px-4">
      <span className="flex flex-col">
        <span className="text-lg font-bold tabular-nums">{hourLabel(hour)}</span>
        <span className="text-sm whitespace-nowrap text-muted-foreground">
          {i18n._('draw.number', { number: drawNumber(hour) })}
        </span>
      </span>
      <span className="font-medium text-primary">{i18n._('draw.drawingNow')}</span>
    </li>
  );
}
