import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { drawNumber, hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { PrizeNumber } from './prize-number';

/** The whole row opens the draw's own page. */
export function ResultRow({ result }: { result: LotteryResult }) {
  return (
    <li>
      <Link
        to={paths.draw.getHref(result.draw_date, result.draw_hour)}
        className="flex items-center justify-between gap-3 rounded-lg border bg-card px-3 py-3 shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid min-[360px]:px-4"
      >
        <span className="flex flex-col">
          <span className="text-lg font-bold tabular-nums">{hourLabel(result.draw_hour)}</span>
          <span className="text-sm whitespace-nowrap text-muted-foreground">
            Draw #{drawNumber(result.draw_hour)}
          </span>
        </span>
        <PrizeNumber prize={result.first_prize} />
      </Link>
    </li>
  );
}
