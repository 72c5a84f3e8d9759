import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { formatLongDate } from '@/lib/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useResultsByDate } from './api/get-results-by-date';
import { HistoryView } from './components/history-view';
import { useHistoryDate } from './hooks/use-history-date';
import { publishedOnly } from './utils/published-only';

export function HistoryPage() {
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  const [date, setDate] = useHistoryDate(clock.today);
  // A new date is a new query key: History refetches when the selected date changes.
  const results = useResultsByDate({ date });
  const explicit = date !== clock.today;
  const refetch = () => void results.refetch();
  const online = useOnline();
  useOnReconnect(online, refetch);

  return (
    <>
      <PageMeta
        title="Results History"
        description={`Hourly lottery first-prize results for ${formatLongDate(date)}, and any earlier day.`}
        path={explicit ? paths.history.getHref(date) : paths.history.getHref()}
      />
      <HistoryView
        date={date}
        today={clock.today}
        onDateChange={setDate}
        results={results.data && publishedOnly(results.data, timeZone, clock.now)}
        loading={results.isPending}
        failed={results.isError}
        onRetry={refetch}
        timeZone={timeZone}
        connection={{ offline: !online, reconnecting: false, updatedAt: results.dataUpdatedAt }}
      />
    </>
  );
}
