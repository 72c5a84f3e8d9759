import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useI18n } from '@/i18n/i18n-context';
import { proofFileName, proofJson, type DrawProof } from '@/lib/beacon/proof';

/**
 * The draw's proof as one JSON file of public data (ADR 023): anyone can keep it and check it
 * later with `npm run verify -- --proof FILE`, with no network. A data URL: a proof is ≈ 2 KB, and
 * it needs no object URL to revoke.
 */
export function DownloadProof({ proof }: { proof: DrawProof }) {
  const { i18n } = useI18n();
  return (
    <a
      href={`data:application/json;charset=utf-8,${encodeURIComponent(proofJson(proof))}`}
      download={proofFileName(proof)}
      className={`${buttonVariants({ variant: 'outline', size: 'sm' })} self-start`}
    >
      <Download aria-hidden />
      {i18n._('verify.downloadProof')}
    </a>
  );
}
