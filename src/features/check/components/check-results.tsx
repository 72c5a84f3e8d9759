import { useState } from 'react';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { kindsFor, type MatchKind } from '@/lib/check-number';
import { useCheckNumber } from '../api/check-number';
import { FIRST_PAGE, MatchSection, MORE } from './match-section';

/** Every tier `n` can have, strongest first: exact hits, then last three, then last two digits. */
export function CheckResults({ n }: { n: string }) {
  return (
    <div className="flex flex-col gap-8">
      {kindsFor(n).map((kind) => (
        <Tier key={`${n}:${kind}`} n={n} kind={kind} />
      ))}
    </div>
  );
}

function Tier({ n, kind }: { n: string; kind: MatchKind }) {
  const [limit, setLimit] = useState(FIRST_PAGE);
  const query = useCheckNumber(n, kind, limit);
  const online = useOnline();
  const retry = () => void query.refetch();
  useOnReconnect(online, retry);
  return (
    <MatchSection
      kind={kind}
      n={n}
      page={query.data}
      loading={query.isPending || query.isFetching}
      loadingMore={query.isPlaceholderData}
      failed={query.isError}
      offline={!online}
      onRetry={retry}
      onMore={() => setLimit((current) => current + MORE)}
    />
  );
}
