/**
 * The periods of the statistics page, as public.draw_stats takes them. Relative imports only:
 * the local stack reads this through src/shared/config/page-meta.ts under Node.
 */
export const STATS_PERIODS = ['7d', '30d', '365d', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The page opens on the last 30 days: recent enough to matter, long enough to count. */
export const DEFAULT_STATS_PERIOD: StatsPeriod = '30d';

export const STATS_PERIOD_LABELS: Record<StatsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '365d': 'Last 365 days',
  all: 'All time',
};

/** The period as a select key of the catalogs' messages (ICU keys cannot start with a digit). */
export const STATS_PERIOD_KEYS: Record<StatsPeriod, string> = {
  '7d': 'p7',
  '30d': 'p30',
  '365d': 'p365',
  all: 'all',
};

/** A period from the address; anything else is the default. */
export function parseStatsPeriod(raw: string | null | undefined): StatsPeriod {
  return STATS_PERIODS.find((period) => period === raw) ?? DEFAULT_STATS_PERIOD;
}
