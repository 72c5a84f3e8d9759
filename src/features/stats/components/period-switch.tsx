import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import {
  DEFAULT_STATS_PERIOD,
  STATS_PERIOD_KEYS,
  STATS_PERIODS,
  type StatsPeriod,
} from '@/shared/stats-period';
import { clsx } from 'clsx';
import { useI18n } from '@/i18n/i18n-context';

/** Links, not buttons: each period has its own address, so Back and Forward switch it too. */
export function PeriodSwitch({ period }: { period: StatsPeriod }) {
  const { i18n } = useI18n();
  return (
    <nav aria-label={i18n._('common.period')}>
      <ul className="flex flex-wrap justify-center gap-1 rounded-lg border bg-card p-1">
        {STATS_PERIODS.map((option) => {
          const current = option === period;
          return (
            <li key={option}>
              <Link
                to={paths.stats.getHref(option === DEFAULT_STATS_PERIOD ? undefined : option)}
                aria-current={current ? 'page' : undefined}
                // clsx, not cn: the two states set what the base leaves out, so nothing needs tailwind-merge
                // (about 40 ms of a phone's main thread at this page's start: docs/decisions/034).
                className={clsx(
                  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid',
                  current ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                {i18n._('stats.periodLabel', { period: STATS_PERIOD_KEYS[option] })}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
