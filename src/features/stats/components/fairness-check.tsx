import { useId } from 'react';
import { chiSquaredPValue } from '../utils/chi-squared';
import { FEW_DRAWS, fairnessSentence, formatP } from '../utils/fairness';
import type { DrawStats } from '../api/get-draw-stats';
import { POSITION_KEYS } from './digit-chart';
import { useI18n } from '@/i18n/i18n-context';
import { INTL_LOCALES } from '@/shared/i18n/locales';

/** The plain-language verdict first, the statistics behind it after. */
export function FairnessCheck({ stats }: { stats: DrawStats }) {
  const { i18n } = useI18n();
  const headingId = useId();
  const { chi_squared: chi } = stats;
  const sentence = fairnessSentence(chi.total, chi.total_df, i18n);
  const perPosition = chi.positions.map((x, p) =>
    i18n._('stats.positionP', {
      position: POSITION_KEYS[p]!,
      p: x === null ? i18n._('stats.notAvailable') : formatP(chiSquaredPValue(x, chi.position_df)),
    }),
  );
  const list =
    i18n.locale === 'en'
      ? perPosition.join(', ')
      : new Intl.ListFormat(INTL_LOCALES[i18n.locale]).format(perPosition);
  if (sentence === null || chi.total === null) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {i18n._('stats.fairnessHeading')}
      </h2>
      <p>{sentence}</p>
      <p className="text-sm text-muted-foreground">
        {i18n._('stats.chiDetail', {
          draws: stats.draws,
          chi: chi.total.toFixed(2),
          df: chi.total_df,
          list,
        })}
        {stats.draws < FEW_DRAWS && ` ${i18n._('stats.fewDraws')}`}
      </p>
    </section>
  );
}
