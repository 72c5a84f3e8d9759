import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-context';

/** A hash, a seed or a signature: long hex that may break anywhere. */
export const HEX = 'font-mono text-xs break-all';

/** One term of a draw's evidence list (a `<dl>`), system and beacon draws alike. */
export function EvidenceItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The commitment published before the draw, and when (`published` words it for the draw's kind). */
export function CommitmentItem({
  commitment,
  published,
}: {
  commitment: { commitment: string; committed_at: string } | null;
  published: (committedAt: string) => string;
}) {
  const { i18n } = useI18n();
  return (
    <EvidenceItem term={i18n._('verify.commitmentTerm')}>
      {commitment ? (
        <>
          <span className={HEX}>{commitment.commitment}</span>
          <span className="block text-sm text-muted-foreground">
            {published(commitment.committed_at)}
          </span>
        </>
      ) : (
        i18n._('verify.nonePublished')
      )}
    </EvidenceItem>
  );
}

/** The seed revealed after the draw, or that it is not (yet). */
export function SeedItem({ seed }: { seed: string | null | undefined }) {
  const { i18n } = useI18n();
  return (
    <EvidenceItem term={i18n._('verify.seedTerm')}>
      {seed ? <span className={HEX}>{seed}</span> : i18n._('verify.notRevealed')}
    </EvidenceItem>
  );
}
