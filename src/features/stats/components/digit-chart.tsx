import { useId } from 'react';
import { useI18n } from '@/i18n/i18n-context';

/** The four positions as select keys of the catalogs' `stats.position` message. */
export const POSITION_KEYS = ['thousands', 'hundreds', 'tens', 'units'] as const;
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

export interface DigitChartProps {
  /** positions[p][d]: how often digit d fell in position p. */
  positions: number[][];
  draws: number;
}

/**
 * Ten bars per position, on one scale for all four so they compare at a glance, with a dashed
 * line where a perfectly even spread (draws / 10) would put every bar. Plain CSS: no chart
 * library for forty bars. Hidden from screen readers, which get the table behind it.
 */
export function DigitChart({ positions, draws }: DigitChartProps) {
  const { i18n } = useI18n();
  const top = Math.max(1, ...positions.flat());
  const even = (draws / 10 / top) * 100;
  return (
    <>
      <div aria-hidden className="grid gap-4 sm:grid-cols-2">
        {positions.map((counts, p) => (
          <figure key={p} className="rounded-lg border bg-card p-3 shadow-xs">
            <figcaption className="mb-2 text-sm font-semibold">
              {i18n._('stats.position', { position: POSITION_KEYS[p]! })}
            </figcaption>
            <div className="relative flex h-32 items-end gap-1 border-b">
              <div
                className="absolute inset-x-0 border-t-2 border-dashed border-muted-foreground/60"
                style={{ bottom: `${even}%` }}
              />
              {counts.map((count, d) => (
                <div
                  key={d}
                  className="flex h-full flex-1 flex-col justify-end"
                  title={`${d}: ${count}`}
                >
                  <div
                    className="rounded-t-sm bg-primary"
                    style={{ height: `${(count / top) * 100}%` }}
                  />
                </div>
              ))}
            </div>
            <div className="mt-1 flex gap-1 text-center text-xs tabular-nums text-muted-foreground">
              {DIGITS.map((d) => (
                <span key={d} className="flex-1">
                  {d}
                </span>
              ))}
            </div>
          </figure>
        ))}
      </div>
      <p className="text-sm text-muted-foreground" aria-hidden>
        {i18n._('stats.chartLegend')}
      </p>
      <DigitTable positions={positions} />
    </>
  );
}

/** The numbers behind the chart, for screen readers. */
function DigitTable({ positions }: { positions: number[][] }) {
  const { i18n } = useI18n();
  const captionId = useId();
  return (
    // The wrapper hides it: a table ignores the 1 px width of sr-only and would widen the page.
    <div className="sr-only">
      <table aria-labelledby={captionId}>
        <caption id={captionId}>{i18n._('stats.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._('stats.digit')}</th>
            {POSITION_KEYS.map((name) => (
              <th key={name} scope="col">
                {i18n._('stats.position', { position: name })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DIGITS.map((d) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              {positions.map((counts, p) => (
                <td key={p}>{counts[d]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
