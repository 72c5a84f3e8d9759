import { Link } from 'react-router-dom';
import { ResultsError } from '@/components/states/results-error';
import { ResultsLoading } from '@/components/states/results-loading';
import { GRID_DAYS, type GridDays } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { formatLongDate } from '@/lib/lottery-clock';
import { cn } from '@/lib/utils';
import { zoneLabel } from '@/lib/zone-names';
import type { GridCell } from '../utils/grid-days';
import { ResultsGrid } from './results-grid';

export interface GridViewProps {
  days: GridDays;
  /** Newest first, on the lottery clock. */
  dates: string[];
  timeZone: string;
  /** `undefined` while the first read is under way or when it failed. */
  cell: ((date: string, hour: number) => GridCell) | undefined;
  /** Published draws in the range (0: say there are none). */
  count: number;
  failed: boolean;
  offline: boolean;
  onRetry: () => void;
}

export function GridView({
  days,
  dates,
  timeZone,
  cell,
  count,
  failed,
  offline,
  onRetry,
}: GridViewProps) {
  const range = `${formatLongDate(dates.at(-1)!)} to ${formatLongDate(dates[0]!)}`;
  let body;
  if (!cell) {
    body =
      failed || offline ? <ResultsError offline={offline} onRetry={onRetry} /> : <ResultsLoading />;
  } else if (count === 0) {
    body = (
      <p className="rounded-lg border border-dashed bg-card px-4 py-12 text-center text-muted-foreground">
        No results available for the last {days} days
      </p>
    );
  } else {
    body = (
      <ResultsGrid
        dates={dates}
        cell={cell}
        caption={`First prizes from ${range}, by hour (${zoneLabel(timeZone)}). Newest day first.`}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6 [page:grid]">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Results Grid</h1>
        <p className="text-muted-foreground">
          Every draw of the last {days} days: {range}.
        </p>
        <p className="text-sm text-muted-foreground">Times in {zoneLabel(timeZone)}</p>
      </header>
      <nav aria-label="Period" className="flex justify-center gap-2 print:hidden">
        {GRID_DAYS.map((choice) => (
          <Link
            key={choice}
            to={paths.grid.getHref(choice)}
            aria-current={choice === days ? 'page' : undefined}
            className={cn(
              'inline-flex h-9 items-center rounded-md border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              choice === days
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-card hover:bg-accent hover:text-accent-foreground',
            )}
          >
            Last {choice} days
          </Link>
        ))}
      </nav>
      {body}
    </div>
  );
}
