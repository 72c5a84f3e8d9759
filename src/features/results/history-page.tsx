import { PageMeta } from '@/components/seo/page-meta';
import { useI18n } from '@/i18n/i18n-context';
import { historyMeta } from '@/shared/config/page-meta';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useFirstDrawDate } from './api/get-first-draw-date';
import { useResultsByDate } from '@/lib/results/api/get-results-by-date';
import type { ResultRowAction } from './components/result-row';
import { HistoryView } from './components/history-view';
import { useHistoryDate } from './hooks/use-history-date';
import { usePublishedOnly } from './hooks/use-published-only';
import { useResultsConnection } from './hooks/use-results-connection';

/** `RowAction`: what each row offers beside its number (the app hands in the draw's Verify). */
export function HistoryPage({ RowAction }: { RowAction?: ResultRowAction }) {
  const { i18n } = useI18n();
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  const [date, setDate, dateNotice] = useHistoryDate(clock.today);
  const firstDate = useFirstDrawDate();
  // A new date is a new query key: History refetches when the selected date changes.
  const results = useResultsByDate({ date });
  const published = usePublishedOnly(results.data, timeZone, clock.now);
  const refetch = () => void results.refetch();
  const connection = useResultsConnection({ refetch, dataUpdatedAt: results.dataUpdatedAt });

  return (
    <>
      <PageMeta {...historyMeta(date, clock.today, i18n)} />
      <HistoryView
        date={date}
        today={clock.today}
        onDateChange={setDate}
        firstDate={firstDate.data}
        dateNotice={dateNotice}
        results={published}
        loading={results.isPending}
        failed={results.isError}
        onRetry={refetch}
        RowAction={RowAction}
        timeZone={timeZone}
        connection={connection}
      />
    </>
  );
}
