import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { followingDraw, formatShortDay, previousDraw, type DrawAddress } from '@/lib/draw-address';
import { formatLongDate, hourLabel } from '@/lib/lottery-clock';

const href = (draw: DrawAddress) => paths.draw.getHref(draw.date, draw.hour);

/** The neighbours across midnight too (23:30 is followed by the next day's 00:30), and the day. */
export function DrawNav({ draw, today }: { draw: DrawAddress; today: string }) {
  const previous = previousDraw(draw);
  const next = followingDraw(draw);
  const dayLabel = (other: DrawAddress) =>
    other.date === draw.date ? '' : `, ${formatShortDay(other.date)}`;
  // Two to a row on a phone: the labels wrap rather than overflow.
  const step = (align: string) =>
    cn(buttonVariants({ variant: 'outline' }), 'h-auto min-h-9 whitespace-normal', align);
  return (
    <nav aria-label="Other draws" className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2">
        <Link to={href(previous)} rel="prev" className={step('justify-start text-left')}>
          <ChevronLeft aria-hidden />
          <span>
            Previous draw<span className="sr-only">:</span>{' '}
            <span className="tabular-nums">
              {hourLabel(previous.hour)}
              {dayLabel(previous)}
            </span>
          </span>
        </Link>
        <Link to={href(next)} rel="next" className={step('justify-end text-right')}>
          <span>
            Next draw<span className="sr-only">:</span>{' '}
            <span className="tabular-nums">
              {hourLabel(next.hour)}
              {dayLabel(next)}
            </span>
          </span>
          <ChevronRight aria-hidden />
        </Link>
      </div>
      {draw.date <= today && (
        <Link
          to={paths.history.getHref(draw.date)}
          className={cn(buttonVariants({ variant: 'link' }), 'self-center whitespace-normal')}
        >
          <CalendarDays aria-hidden />
          All draws of {formatLongDate(draw.date)} in History
        </Link>
      )}
    </nav>
  );
}
