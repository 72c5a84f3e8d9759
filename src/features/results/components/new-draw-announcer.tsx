import { useState } from 'react';
import { drawNumber, hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { useI18n } from '@/i18n/i18n-context';

const drawKey = (row: LotteryResult | undefined) =>
  row ? `${row.draw_date} ${String(row.draw_hour).padStart(2, '0')}` : '';

/**
 * A polite live region that announces a draw newer than any the page has shown, whether it came
 * by a live event or a refetch at the draw time. The first list loaded is not news. The region is
 * always rendered: screen readers only announce changes to a region that already exists.
 */
export function NewDrawAnnouncer({ results }: { results: LotteryResult[] | undefined }) {
  // Newest first: the first row is the latest draw. Tracked in state during render (React's
  // "storing information from previous renders"), not in an effect.
  const { i18n } = useI18n();
  const newest = results?.[0];
  const key = results ? drawKey(newest) : null;
  const [seen, setSeen] = useState<string | null>(key);
  const [message, setMessage] = useState('');
  if (key !== null && key !== seen) {
    setSeen(key);
    // yyyy-MM-dd HH keys compare in time order; an earlier newest row means one was deleted.
    if (seen !== null && newest && key > seen) {
      const digits = newest.first_prize.split('').join(' ');
      setMessage(
        i18n._('today.announceNew', {
          number: drawNumber(newest.draw_hour),
          time: hourLabel(newest.draw_hour),
          digits,
        }),
      );
    }
  }
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
