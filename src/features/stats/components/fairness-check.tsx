import { useId } from 'react';
import { chiSquaredPValue } from '../utils/chi-squared';
import { FEW_DRAWS, fairnessSentence, formatP } from '../utils/fairness';
import type { DrawStats } from '../api/get-draw-stats';
import { POSITION_NAMES } from './digit-chart';

/** The plain-language verdict first, the statistics behind it after. */
export function FairnessCheck({ stats }: { stats: DrawStats }) {
  const headingId = useId();
  const { chi_squared: chi } = stats;
  const sentence = fairnessSentence(chi.total, chi.total_df);
  if (sentence === null || chi.total === null) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Fairness check
      </h2>
      <p>{sentence}</p>
      <p className="text-sm text-muted-foreground">
        Chi-squared test of digit uniformity over {stats.draws.toLocaleString('en-US')} draws: χ² ={' '}
        {chi.total.toFixed(2)} with {chi.total_df} degrees of freedom (9 for each of the four
        positions). Per position:{' '}
        {chi.positions
          .map(
            (x, p) =>
              `${POSITION_NAMES[p]} ${x === null ? 'n/a' : formatP(chiSquaredPValue(x, chi.position_df))}`,
          )
          .join(', ')}
        .{stats.draws < FEW_DRAWS && ' With this few draws the test can tell little either way.'}
      </p>
    </section>
  );
}
