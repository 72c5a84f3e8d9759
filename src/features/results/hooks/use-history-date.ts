import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { resolveHistoryDate } from '../utils/history-date';

/**
 * The chosen history date lives in the URL (`?date=yyyy-MM-dd`) so it can be shared and the
 * back button works. A bad date is replaced (not pushed) by the plain page.
 *
 * Without a date the page shows the day it was opened on, and keeps showing it when the lottery's
 * midnight passes (only the calendar's last day moves on): jumping to the new, empty day under a
 * reader's eyes would lose what they were reading. A new visit to the plain page starts at today.
 */
export function useHistoryDate(today: string): [string, (date: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { key } = useLocation();
  const [opened, setOpened] = useState({ key, day: today });
  if (opened.key !== key) setOpened({ key, day: today });
  const defaultDay = opened.key === key ? opened.day : today;
  const { date, fellBack } = resolveHistoryDate(searchParams.get('date'), today, defaultDay);

  useEffect(() => {
    if (fellBack) setSearchParams({}, { replace: true });
  }, [fellBack, setSearchParams]);

  const setDate = useCallback((next: string) => setSearchParams({ date: next }), [setSearchParams]);
  return [date, setDate];
}
