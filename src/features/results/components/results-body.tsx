import type { LotteryResult } from '@/lib/types';
import { ResultsEmpty } from './results-empty';
import { ResultsError } from './results-error';
import { ResultsList } from './results-list';
import { ResultsLoading } from './results-loading';

export interface ResultsBodyProps {
  /** `undefined` while the first fetch is under way or when it failed. */
  results: LotteryResult[] | undefined;
  loading: boolean;
  emptyText: string;
  listLabel: string;
  /** The read failed (it is logged); the list stays empty but never says there are none. */
  failed?: boolean;
  /** The read waits for the browser to come back online. */
  offline?: boolean;
  onRetry?: () => void;
}

export function ResultsBody({
  results,
  loading,
  emptyText,
  listLabel,
  failed = false,
  offline = false,
  onRetry = () => {},
}: ResultsBodyProps) {
  if (!results && (failed || (loading && offline))) {
    return <ResultsError offline={offline} onRetry={onRetry} />;
  }
  if (loading || !results) return <ResultsLoading />;
  if (results.length === 0) return <ResultsEmpty>{emptyText}</ResultsEmpty>;
  return <ResultsList results={results} label={listLabel} />;
}
