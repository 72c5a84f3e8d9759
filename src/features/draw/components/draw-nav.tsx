import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';
import { cn } from '@/lib/utils';
import { followingDraw, previousDraw, type DrawAddress } from '@/shared/draw-address';
import { hourLabel } from '@/shared/lottery-clock';
import { useDrawFormat } from './use-draw-format';

const href = (draw: DrawAddress) => paths.draw.getHref(draw.date, draw.hour);

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
  const step = (align: string) =>
    cn(buttonVariants({ variant: 'outline' }), 'h-auto min-h-9 whitespace-normal', align);
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
        <Link
          to={paths.history.getHref(draw.date)}
          className={cn(buttonVariants({ variant: 'link' }), 'self-center whitespace-normal')}
        >
          <CalendarDays aria-hidden />
          {i18n._('drawPage.allOfDay', { date: format.longDate(draw.date) })}
        </Link>
      )}
    </nav>
  );
}
