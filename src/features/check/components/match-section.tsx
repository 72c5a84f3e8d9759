import { useId } from 'react';
import { ResultsEmpty } from '@/components/states/results-empty';
import { ResultsError } from '@/components/states/results-error';
import { ResultsLoading } from '@/components/states/results-loading';
import { buttonVariants } from '@/components/ui/button-variants';
import type { MatchKind } from '@/shared/check-number';
import type { MatchPage } from '../api/check-number';
import { MatchRow } from './match-row';
import { useI18n } from '@/i18n/i18n-context';
import type { Messages } from '@/shared/i18n/messages';

/** The first page of a tier, and how many more each "Show more" adds. */
export const FIRST_PAGE = 10;
export const MORE = 20;

const DIGITS: Record<MatchKind, number> = { exact: 4, last3: 3, last2: 2 };

export function tierTitle(i18n: Messages, kind: MatchKind, n: string): string {
  return i18n._('check.tierTitle', { kind, digits: n.slice(-DIGITS[kind]) });
}

/** "Never drawn", said plainly, for each tier. */
export function neverText(i18n: Messages, kind: MatchKind, n: string): string {
  const digits = n.slice(-DIGITS[kind]);
  if (kind === 'exact') return i18n._('check.neverExact', { digits });
  if (n.length > DIGITS[kind]) return i18n._('check.neverOther', { digits });
  return i18n._('check.neverAny', { digits });
}

export interface MatchSectionProps {
  kind: MatchKind;
  n: string;
  page: MatchPage | undefined;
  loading: boolean;
  /** A longer page is on its way; the rows shown so far stay. */
  loadingMore: boolean;
  failed: boolean;
  offline: boolean;
  onRetry: () => void;
  onMore: () => void;
}

export function MatchSection(props: MatchSectionProps) {
  const { kind, n, page } = props;
  const { i18n } = useI18n();
  const headingId = useId();
  const count = page ? i18n._('check.count', { count: page.total }) : '';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {tierTitle(i18n, kind, n)}{' '}
        <span className="font-normal text-muted-foreground">{count}</span>
      </h2>
      <SectionBody {...props} />
    </section>
  );
}

function SectionBody(props: MatchSectionProps) {
  const { kind, n, page, loading, loadingMore, failed, offline, onRetry, onMore } = props;
  const { i18n } = useI18n();
  if (!page && (failed || (loading && offline)))
    return <ResultsError offline={offline} onRetry={onRetry} />;
  if (!page) return <ResultsLoading />;
  if (page.total === 0) return <ResultsEmpty>{neverText(i18n, kind, n)}</ResultsEmpty>;
  const left = page.total - page.draws.length;
  return (
    <>
      <ol
        aria-label={i18n._('check.listLabel', { title: tierTitle(i18n, kind, n) })}
        className="flex flex-col gap-2"
      >
        {page.draws.map((draw) => (
          <MatchRow
            key={`${draw.draw_date}/${draw.draw_hour}`}
            draw={draw}
            matched={DIGITS[kind]}
          />
        ))}
      </ol>
      {left > 0 && (
        // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
        <button
          type="button"
          data-slot="button"
          className={`${buttonVariants({ variant: 'outline' })} self-start`}
          aria-disabled={loadingMore || undefined}
          onClick={() => {
            if (!loadingMore) onMore();
          }}
        >
          {loadingMore
            ? i18n._('check.loadingMore')
            : i18n._('check.showMore', { more: Math.min(MORE, left), left })}
        </button>
      )}
    </>
  );
}
