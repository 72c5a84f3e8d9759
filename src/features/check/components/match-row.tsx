import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { hourLabel, isDateString } from '@/shared/lottery-clock';
import type { MatchedDraw } from '../api/check-number';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

export interface MatchRowProps {
  draw: MatchedDraw;
  /** How many trailing digits matched (4, 3 or 2): those stand out, the rest recede. */
  matched: number;
}

const ROW =
  'flex items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2.5 shadow-xs min-[360px]:px-4';
const LINK = `${ROW} transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid`;

/**
 * One matching draw, linking to its own page. Screen readers hear the prize digit by digit.
 * A draw dated outside every calendar day (`0001-01-01 BC`: a row older than ADR 020's range)
 * has no page: it is listed as PostgreSQL wrote it, without a link.
 */
export function MatchRow({ draw, matched }: MatchRowProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  const prize = draw.first_prize;
  const cut = prize.length - matched;
  const linked = isDateString(draw.draw_date);
  const content = (
    <>
      <span className="flex flex-col">
        <span className="font-semibold">{format.longDate(draw.draw_date)}</span>
        <span className="sr-only">,</span>{' '}
        <span className="text-sm text-muted-foreground tabular-nums">
          {hourLabel(draw.draw_hour)}
        </span>
      </span>
      <span className="sr-only">
        {i18n._('check.rowPrize', { digits: prize.split('').join(' ') })}
      </span>
      <span className="flex items-center gap-2">
        <span aria-hidden className="font-mono text-2xl tracking-widest tabular-nums">
          <span className="text-muted-foreground">{prize.slice(0, cut)}</span>
          <span className="font-bold text-foreground underline decoration-2 underline-offset-4">
            {prize.slice(cut)}
          </span>
        </span>
        {linked && <ChevronRight aria-hidden className="size-5 text-muted-foreground" />}
      </span>
    </>
  );
  return (
    <li>
      {/* The name comes from the content, read in order with its pauses: the date, the hour,
          then the prize digit by digit (the sr-only parts), while the eye sees the digits whole. */}
      {linked ? (
        <Link to={paths.draw.getHref(draw.draw_date, draw.draw_hour)} className={LINK}>
          {content}
        </Link>
      ) : (
        <div className={ROW}>{content}</div>
      )}
    </li>
  );
}
