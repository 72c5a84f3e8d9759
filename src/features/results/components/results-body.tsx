import type { LotteryResult } from '@/lib/types';
import { ResultsEmpty } from './results-empty';
import { ResultsList } from './results-list';
import { ResultsLoading } from './results-loading';

export interface ResultsBodyProps {
  /** `undefined` while the first fetch is under way; a failed fetch counts as empty (spec). */
  results: LotteryResult[] | undefined;
  loading: boolean;
  emptyText: string;
  listLabel: string;
}

export function ResultsBody({ results, loading, emptyText, listLabel }: ResultsBodyProps) {
  if (loading) return <ResultsLoading />;
  if (!results || results.length === 0) return <ResultsEmpty>{emptyText}</ResultsEmpty>;
  return <ResultsList results={results} label={listLabel} />;
}
