import { Link } from 'react-router-dom';
import { ResultsError } from '@/components/states/results-error';
import { ResultsLoading } from '@/components/states/results-loading';
import { GRID_DAYS, type GridDays } from '@/shared/config/page-meta';
import { paths } from '@/shared/config/paths';
import { clsx } from 'clsx';
import type { GridCell } from '../utils/grid-days';
import { ResultsGrid } from './results-grid';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

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
  const { i18n } = useI18n();
  const format = useFormat();
  const range = i18n._('common.dateRange', {
    from: format.longDate(dates.at(-1)!),
    to: format.longDate(dates[0]!),
  });
  let body;
  if (!cell) {
    body =
      failed || offline ? <ResultsError offline={offline} onRetry={onRetry} /> : <ResultsLoading />;
  } else if (count === 0) {
    body = (
      <p className="rounded-lg border border-dashed bg-card px-4 py-12 text-center text-muted-foreground">
        {i18n._('grid.empty', { days })}
      </p>
    );
  } else {
    body = (
      <ResultsGrid
        dates={dates}
        cell={cell}
        caption={i18n._('grid.caption', { range, zone: format.zone(timeZone) })}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6 [page:grid]">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{i18n._('grid.heading')}</h1>
        <p className="text-muted-foreground">{i18n._('grid.intro', { days, range })}</p>
        <p className="text-sm text-muted-foreground">
          {i18n._('common.timesIn', { zone: format.zone(timeZone) })}
        </p>
      </header>
      <nav aria-label={i18n._('common.period')} className="flex justify-center gap-2 print:hidden">
        {GRID_DAYS.map((choice) => (
          <Link
            key={choice}
            to={paths.grid.getHref(choice)}
            aria-current={choice === days ? 'page' : undefined}
            // clsx, not cn: the two states set what the base leaves out, so nothing needs tailwind-merge
            // (about 40 ms of a phone's main thread at this page's start: docs/decisions/034).
            className={clsx(
              'inline-flex h-9 items-center rounded-md border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              choice === days
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-card hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {i18n._('common.lastDays', { days: choice })}
          </Link>
        ))}
      </nav>
      {body}
    </div>
  );
}
