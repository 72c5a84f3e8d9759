import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { resolveHistoryDate } from '../utils/history-date';

/**
 * The chosen history date lives in the URL (`?date=yyyy-MM-dd`) so it can be shared and the
 * back button works. A bad date is replaced (not pushed) by the plain page.
 */
export function useHistoryDate(today: string): [string, (date: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { date, fellBack } = resolveHistoryDate(searchParams.get('date'), today);

  useEffect(() => {
    if (fellBack) setSearchParams({}, { replace: true });
  }, [fellBack, setSearchParams]);

  const setDate = useCallback((next: string) => setSearchParams({ date: next }), [setSearchParams]);
  return [date, setDate];
}
