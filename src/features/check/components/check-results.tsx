import { useState } from 'react';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { kindsFor, type MatchKind } from '@/shared/check-number';
import { ResultsLoading } from '@/components/states/results-loading';
import { useCheckNumber } from '../api/check-number';
import { FIRST_PAGE, MatchSection, MORE } from './match-section';

type FirstView = ReturnType<typeof useCheckNumber>;

/**
 * Every tier `n` can have, strongest first: exact hits, then last three, then last two digits.
 * The first ten of each come in one call; "Show more" asks for one tier alone.
 */
export function CheckResults({ n }: { n: string }) {
  const first = useCheckNumber(n, undefined, FIRST_PAGE);
  const online = useOnline();
  useOnReconnect(online, () => void first.refetch());
  // One loading state until the first view (every tier's first page, one call) arrives: a tier
  // each, replaced by lists of their own heights, moved the tiers below them (CLS 0.04, mobile).
  if (first.isPending && !first.isError && online) return <ResultsLoading />;
  return (
    <div className="flex flex-col gap-8">
      {kindsFor(n).map((kind) => (
        <Tier key={`${n}:${kind}`} n={n} kind={kind} first={first} offline={!online} />
      ))}
    </div>
  );
}

interface TierProps {
  n: string;
  kind: MatchKind;
  first: FirstView;
  offline: boolean;
}

function Tier({ n, kind, first, offline }: TierProps) {
  const [limit, setLimit] = useState(FIRST_PAGE);
  const longer = limit > FIRST_PAGE;
  const more = useCheckNumber(n, kind, limit, longer);
  const query = longer ? more : first;
  // While the first longer page loads, the first view's rows stay.
  const page = more.data?.[kind] ?? first.data?.[kind];
  return (
    <MatchSection
      kind={kind}
      n={n}
      page={longer ? page : first.data?.[kind]}
      loading={query.isPending || query.isFetching}
      loadingMore={longer && (more.isPending || more.isPlaceholderData)}
      failed={query.isError}
      offline={offline}
      onRetry={() => void query.refetch()}
      onMore={() => setLimit((current) => current + MORE)}
    />
  );
}
