import { useId } from 'react';
import { ResultsEmpty } from '@/components/states/results-empty';
import { ResultsError } from '@/components/states/results-error';
import { ResultsLoading } from '@/components/states/results-loading';
import { Button } from '@/components/ui/button';
import type { MatchKind } from '@/lib/check-number';
import type { MatchPage } from '../api/check-number';
import { MatchRow } from './match-row';

/** The first page of a tier, and how many more each "Show more" adds. */
export const FIRST_PAGE = 10;
export const MORE = 20;

const DIGITS: Record<MatchKind, number> = { exact: 4, last3: 3, last2: 2 };

export function tierTitle(kind: MatchKind, n: string): string {
  const digits = n.slice(-DIGITS[kind]);
  if (kind === 'exact') return `Exact first prize ${digits}`;
  return `${kind === 'last3' ? 'Last three' : 'Last two'} digits ${digits}`;
}

/** "Never drawn", said plainly, for each tier. */
export function neverText(kind: MatchKind, n: string): string {
  const digits = n.slice(-DIGITS[kind]);
  if (kind === 'exact') return `${digits} has never been drawn as the first prize.`;
  if (n.length > DIGITS[kind]) return `No other draw has ended in ${digits}.`;
  return `No draw has ever ended in ${digits}.`;
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
  const headingId = useId();
  const count = page ? `(${page.total} ${page.total === 1 ? 'draw' : 'draws'})` : '';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {tierTitle(kind, n)} <span className="font-normal text-muted-foreground">{count}</span>
      </h2>
      <SectionBody {...props} />
    </section>
  );
}

function SectionBody(props: MatchSectionProps) {
  const { kind, n, page, loading, loadingMore, failed, offline, onRetry, onMore } = props;
  if (!page && (failed || (loading && offline)))
    return <ResultsError offline={offline} onRetry={onRetry} />;
  if (!page) return <ResultsLoading />;
  if (page.total === 0) return <ResultsEmpty>{neverText(kind, n)}</ResultsEmpty>;
  const left = page.total - page.draws.length;
  return (
    <>
      <ol aria-label={`${tierTitle(kind, n)}, newest first`} className="flex flex-col gap-2">
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
        <Button
          variant="outline"
          className="self-start"
          aria-disabled={loadingMore || undefined}
          onClick={() => {
            if (!loadingMore) onMore();
          }}
        >
          {loadingMore ? 'Loading more...' : `Show ${Math.min(MORE, left)} more of ${left}`}
        </Button>
      )}
    </>
  );
}
