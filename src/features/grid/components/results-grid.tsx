import { memo, useId } from 'react';
import { paths } from '@/shared/config/paths';
import { hourLabel } from '@/shared/lottery-clock';
import { gridHours, type GridCell } from '../utils/grid-days';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';
import { useInAppLinks } from '@/hooks/use-in-app-links';

export interface ResultsGridProps {
  /** Newest first. */
  dates: string[];
  cell: (date: string, hour: number) => GridCell;
  caption: string;
}

/**
 * Hours as rows and days as columns, so a phone scrolls sideways a day at a time with the hour
 * column kept in view. Printed, the whole table fits the page (landscape, no scrolling box).
 *
 * From `sm` up the box is at most the viewport's height and scrolls both ways, the day row kept
 * in view: a 30-day table is wider and taller than a laptop screen, and a page-high box put its
 * horizontal scrollbar below the fold, where a mouse could not reach it (issue 28).
 */
export function ResultsGrid({ dates, cell, caption }: ResultsGridProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  const captionId = useId();
  const links = useInAppLinks();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="snap-x snap-mandatory scroll-pt-12 scroll-pl-16 overflow-x-auto rounded-lg sm:max-h-[calc(100dvh-2rem)] sm:overflow-y-auto print:max-h-none border bg-card shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring print:overflow-visible print:border-0 print:shadow-none"
    >
      <table
        onClick={links.onClick}
        className="w-full border-collapse text-sm tabular-nums print:table-fixed print:text-[7pt]"
      >
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky top-0 left-0 z-20 w-16 border-b bg-card px-2 py-2 text-left print:static print:w-auto print:px-0.5"
            >
              {i18n._('grid.hour')}
            </th>
            {dates.map((date) => (
              <th
                key={date}
                scope="col"
                className="sticky top-0 z-10 snap-start border-b border-l bg-card px-2 py-2 text-center font-semibold whitespace-nowrap print:static print:px-0.5 print:whitespace-normal"
              >
                <time dateTime={date} className="flex flex-col leading-tight">
                  <span className="text-xs font-normal text-muted-foreground">
                    {format.weekday(date)}
                  </span>
                  {format.shortDay(date)}
                </time>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gridHours.map((hour) => (
            <tr key={hour} className="bg-card even:bg-muted">
              <th
                scope="row"
                className="sticky left-0 z-10 bg-inherit px-2 py-1 text-left font-semibold print:static print:px-0.5"
              >
                {hourLabel(hour)}
              </th>
              {dates.map((date) => (
                <td key={date} className="border-l px-1 py-0.5 text-center print:px-0">
                  <Cell href={links.href(paths.draw.getHref(date, hour))} {...cell(date, hour)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Memoized on its values (the cell's kind and prize, spread as props): the page renders the grid
 * again as each of its reads arrives and at each draw, and a month is 720 cells; only the cells
 * whose draw changed render again. A number is a plain anchor the table's one handler opens in
 * the app (useInAppLinks).
 */
const Cell = memo(function Cell({ href, ...cell }: { href: string } & GridCell) {
  const { i18n } = useI18n();
  if (cell.kind === 'upcoming') return null;
  if (cell.kind === 'drawing' || cell.kind === 'waiting') {
    return (
      <span className="text-xs font-medium whitespace-nowrap text-primary">
        {i18n._(cell.kind === 'waiting' ? 'draw.waitingForBeacon' : 'draw.drawingNow')}
      </span>
    );
  }
  if (cell.kind === 'missing') {
    return (
      <>
        <span aria-hidden className="text-muted-foreground">
          –
        </span>
        <span className="sr-only">{i18n._('grid.noResult')}</span>
      </>
    );
  }
  return (
    <a
      href={href}
      className="inline-block rounded px-1.5 py-1 font-mono font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring print:p-0 print:text-foreground"
    >
      {cell.prize}
    </a>
  );
});
