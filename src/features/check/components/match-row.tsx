import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatLongDate, hourLabel } from '@/lib/lottery-clock';
import type { MatchedDraw } from '../api/check-number';

export interface MatchRowProps {
  draw: MatchedDraw;
  /** How many trailing digits matched (4, 3 or 2): those stand out, the rest recede. */
  matched: number;
}

/** One matching draw, linking to its own page. Screen readers hear the prize digit by digit. */
export function MatchRow({ draw, matched }: MatchRowProps) {
  const prize = draw.first_prize;
  const cut = prize.length - matched;
  return (
    <li>
      {/* The name comes from the content, read in order with its pauses: the date, the hour,
          then the prize digit by digit (the sr-only parts), while the eye sees the digits whole. */}
      <Link
        to={paths.draw.getHref(draw.draw_date, draw.draw_hour)}
        className="flex items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2.5 shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid min-[360px]:px-4"
      >
        <span className="flex flex-col">
          <span className="font-semibold">{formatLongDate(draw.draw_date)}</span>
          <span className="sr-only">,</span>{' '}
          <span className="text-sm text-muted-foreground tabular-nums">
            {hourLabel(draw.draw_hour)}
          </span>
        </span>
        <span className="sr-only">: first prize {prize.split('').join(' ')}</span>
        <span className="flex items-center gap-2">
          <span aria-hidden className="font-mono text-2xl tracking-widest tabular-nums">
            <span className="text-muted-foreground">{prize.slice(0, cut)}</span>
            <span className="font-bold text-foreground underline decoration-2 underline-offset-4">
              {prize.slice(cut)}
            </span>
          </span>
          <ChevronRight aria-hidden className="size-5 text-muted-foreground" />
        </span>
      </Link>
    </li>
  );
}
