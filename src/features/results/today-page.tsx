import { PageMeta } from '@/components/seo/page-meta';
import { homeMeta } from '@/config/page-meta';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useResultsByDate } from './api/get-results-by-date';
import { useResultsRealtime } from './api/use-results-realtime';
import { TodayView } from './components/today-view';
import { useRefetchAfterDraw } from './hooks/use-refetch-after-draw';

export function TodayPage() {
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  // At the lottery's midnight `today` changes, and with it the query key: the new day loads.
  const results = useResultsByDate({ date: clock.today, live: true });
  useResultsRealtime();
  useRefetchAfterDraw(clock.next.at.getTime(), () => void results.refetch());

  return (
    <>
      <PageMeta {...homeMeta} />
      <TodayView
        clock={clock}
        timeZone={timeZone}
        results={results.data}
        loading={results.isPending}
      />
    </>
  );
}
