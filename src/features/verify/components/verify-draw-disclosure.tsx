import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { ChunkError } from '@/components/states/chunk-error';
import { Spinner } from '@/components/ui/spinner';
import { withPart } from '@/i18n/catalogs';
import { useI18n } from '@/i18n/i18n-context';
import { hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';

// The panel, the derivation, its queries and its words load on the first opening: Today's first
// load only carries this button. A draw's page shows the same panel (src/app/draw-route.tsx) in a
// box already sized for it, without the spinner: one importer of the chunk keeps Rolldown from
// moving shared modules out of the first load (ADR 027's budget).
const load = () => withPart('verify', import('./draw-verification'));
const Failed = (props: { onRetry: () => void }) => (
  <ChunkError what="The verification" {...props} />
);
const RowVerification = lazyWithRetry(load, (module) => module.DrawVerification, {
  loading: <Spinner />,
  Failed,
});
export const LazyDrawVerification = lazyWithRetry(load, (module) => module.DrawVerification, {
  Failed,
});

/**
 * A disclosure in a result row: "Verify" opens the draw's verification beneath the row (a
 * disclosure rather than a dialog: it reads in place, on a phone too, and needs no focus trap).
 */
export function VerifyDrawDisclosure({ result }: { result: LotteryResult }) {
  const { i18n } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="ml-auto inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border border-input bg-card px-2.5 text-sm font-medium shadow-xs outline-none hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid [&_svg]:size-4"
      >
        <ShieldCheck aria-hidden />
        {i18n._('row.verify')}
        <span className="sr-only">
          {' '}
          {i18n._('row.verifyDraw', { time: hourLabel(result.draw_hour) })}
        </span>
      </button>
      <div id={panelId} hidden={!open} className="basis-full">
        {open && (
          <RowVerification
            date={result.draw_date}
            hour={result.draw_hour}
            revision={result.updated_at}
          />
        )}
      </div>
    </>
  );
}
