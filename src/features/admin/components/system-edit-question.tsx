import { hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';

/** What saving a new number for a system draw changes, in the admin's words. */
export function SystemEditQuestion({
  result,
  firstPrize,
  published,
}: {
  result: LotteryResult;
  firstPrize: string;
  published: boolean;
}) {
  const draw = `${result.draw_date} ${hourLabel(result.draw_hour)}`;
  return (
    <>
      <p>
        {result.first_prize} for {draw} was drawn by the system from a seed committed in advance:
        anyone can verify it.
      </p>
      <p>
        Saved as <strong className="font-mono">{firstPrize}</strong>, it becomes{' '}
        <strong>entered by the operator</strong> and no longer verifies.
      </p>
      {published && (
        <p>
          It is published: visitors will see it corrected from {result.first_prize}, with the time.
        </p>
      )}
    </>
  );
}
