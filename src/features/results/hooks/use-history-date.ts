import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { historyDateNotice, resolveHistoryDate } from '../../../shared/history-date';

/** What a cleaned URL carries in its history entry, so the page can say why it shows today. */
interface NoticeState {
  historyDateNotice?: string;
}

/**
 * The chosen history date lives in the URL (`?date=yyyy-MM-dd`) so it can be shared and the
 * back button works. A bad date is replaced (not pushed) by the plain page, and the notice saying
 * so ("… is in the future; showing today") travels in that entry's state: it stays with the
 * entry (Back, reload) and goes as soon as another day is chosen.
 *
 * Without a date the page shows the day it was opened on, and keeps showing it when the lottery's
 * midnight passes (only the calendar's last day moves on): jumping to the new, empty day under a
 * reader's eyes would lose what they were reading. A new visit to the plain page starts at today.
 */
export function useHistoryDate(
  today: string,
): [date: string, setDate: (date: string) => void, notice: string | undefined] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { key, state } = useLocation();
  const [opened, setOpened] = useState({ key, day: today });
  if (opened.key !== key) setOpened({ key, day: today });
  const defaultDay = opened.key === key ? opened.day : today;
  const raw = searchParams.get('date');
  const { date, fellBack, problem } = resolveHistoryDate(raw, today, defaultDay);
  const notice = problem && raw !== null ? historyDateNotice(raw, problem) : undefined;

  useEffect(() => {
    if (!fellBack) return;
    const next: NoticeState = { historyDateNotice: notice };
    setSearchParams({}, { replace: true, state: next });
  }, [fellBack, notice, setSearchParams]);

  const setDate = useCallback((next: string) => setSearchParams({ date: next }), [setSearchParams]);
  const carried = (state as NoticeState | null)?.historyDateNotice;
  return [date, setDate, notice ?? (typeof carried === 'string' ? carried : undefined)];
}
