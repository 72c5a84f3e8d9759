import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';
import { followingDraw, previousDraw, type DrawAddress } from '@/shared/draw-address';
import { hourLabel } from '@/shared/lottery-clock';
import { useDrawFormat } from './use-draw-format';

const href = (draw: DrawAddress) => paths.draw.getHref(draw.date, draw.hour);

// The outline and link buttons' looks (button-variants.ts) with a label that may wrap, written
// out rather than merged over the buttons' own classes: this page then needs no tailwind-merge,
// whose start-up took 25-55 ms of a phone's main thread (docs/benchmarks.md).
const LOOK =
  "inline-flex shrink-0 items-center gap-2 rounded-md px-4 py-2 text-sm font-medium whitespace-normal transition-all outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid has-[>svg]:px-3 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
const STEP = `${LOOK} min-h-9 border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground`;
const DAY_LINK = `${LOOK} h-9 justify-center self-center text-primary underline-offset-4 hover:underline`;

/** The neighbours across midnight too (23:30 is followed by the next day's 00:30), and the day. */
export function DrawNav({ draw, today }: { draw: DrawAddress; today: string }) {
  const { i18n } = useI18n();
  const format = useDrawFormat();
  const previous = previousDraw(draw);
  const next = followingDraw(draw);
  const when = (other: DrawAddress) =>
    other.date === draw.date
      ? hourLabel(other.hour)
      : i18n._('drawPage.timeOnDay', {
          time: hourLabel(other.hour),
          day: format.shortDay(other.date),
        });
  // Two to a row on a phone: the labels wrap rather than overflow.
  const step = (align: string) => `${STEP} ${align}`;
  return (
    <nav aria-label={i18n._('drawPage.otherDraws')} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2">
        <Link to={href(previous)} rel="prev" className={step('justify-start text-left')}>
          <ChevronLeft aria-hidden />
          <span>
            {i18n._('drawPage.previous')}
            <span className="sr-only">:</span>{' '}
            <span className="tabular-nums">{when(previous)}</span>
          </span>
        </Link>
        <Link to={href(next)} rel="next" className={step('justify-end text-right')}>
          <span>
            {i18n._('drawPage.next')}
            <span className="sr-only">:</span> <span className="tabular-nums">{when(next)}</span>
          </span>
          <ChevronRight aria-hidden />
        </Link>
      </div>
      {draw.date <= today && (
        <Link to={paths.history.getHref(draw.date)} className={DAY_LINK}>
          <CalendarDays aria-hidden />
          {i18n._('drawPage.allOfDay', { date: format.longDate(draw.date) })}
        </Link>
      )}
    </nav>
  );
}
