import { useContext } from 'react';
import { drawNumber, hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { PrizeNumber } from './prize-number';
import { ResultBadges } from './result-badges';
import { ResultRowActionContext } from './result-row-action';

export function ResultRow({ result }: { result: LotteryResult }) {
  const renderAction = useContext(ResultRowActionContext);
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card px-3 py-3 shadow-xs min-[360px]:px-4">
      <div className="flex items-center justify-between gap-3">
        <div className="flex flex-col">
          <span className="text-lg font-bold tabular-nums">{hourLabel(result.draw_hour)}</span>
          <span className="text-sm whitespace-nowrap text-muted-foreground">
            Draw #{drawNumber(result.draw_hour)}
          </span>
        </div>
        <PrizeNumber prize={result.first_prize} />
      </div>
      <div className="flex flex-wrap items-center gap-2 empty:hidden">
        <ResultBadges result={result} />
        {renderAction?.(result)}
      </div>
    </li>
  );
}
