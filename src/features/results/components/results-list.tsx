import type { LotteryResult } from '@/lib/types';
import { ResultRow } from './result-row';

/** Rows arrive newest hour first (the query orders them; live events keep the order). */
export function ResultsList({ results, label }: { results: LotteryResult[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {results.map((result) => (
        <ResultRow key={result.id} result={result} />
      ))}
    </ul>
  );
}
