import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { useI18n } from '@/i18n/i18n-context';
import { statsMeta } from '@/shared/config/page-meta';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { parseStatsPeriod } from '@/shared/stats-period';
import { useDrawStats } from './api/get-draw-stats';
import { StatsView } from './components/stats-view';

/** The period lives in the address (`/stats?period=365d`), so each has its own link. */
export function StatsPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const period = parseStatsPeriod(params.get('period'));
  const stats = useDrawStats(period);
  const timeZone = useLotteryTimezone();
  const online = useOnline();
  const retry = () => void stats.refetch();
  useOnReconnect(online, retry);
  return (
    <>
      <PageMeta {...statsMeta(period, i18n)} />
      <StatsView
        period={period}
        stats={stats.data}
        failed={stats.isError}
        offline={!online && stats.isPending}
        onRetry={retry}
        timeZone={timeZone}
      />
    </>
  );
}
