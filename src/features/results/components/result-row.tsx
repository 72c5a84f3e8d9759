import { drawNumber, hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { PrizeNumber } from './prize-number';

export function ResultRow({ result }: { result: LotteryResult }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border bg-card px-3 py-3 shadow-xs min-[360px]:px-4">
      <div className="flex flex-col">
        <span className="text-lg font-bold tabular-nums">{hourLabel(result.draw_hour)}</span>
        <span className="text-sm whitespace-nowrap text-muted-foreground">
          Draw #{drawNumber(result.draw_hour)}
        </span>
      </div>
      <PrizeNumber prize={result.first_prize} />
    </li>
  );
}
