import { RotateCw } from 'lucide-react';
import { useId } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';
import { hourLabel } from '@/shared/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useDrawVerification } from '../api/get-draw-verification';
import { VerificationReport } from './verification-report';

export interface DrawVerificationProps {
  /** The draw's date on the lottery clock, yyyy-MM-dd. */
  date: string;
  /** Its hour, 0-23 (the draw at HH:30). */
  hour: number;
  /** The result's `updated_at` as the page knows it: a change checks the draw again. */
  revision?: string;
  /** The title's heading level: 2 in a list row; a page of its own may want another. */
  headingLevel?: 2 | 3;
}

/**
 * The verification of one draw (ADR 012): reads the public result, commitment and seed, checks
 * them in this browser with WebCrypto and says plainly whether the draw is verified or what failed.
 */
export function DrawVerification({
  date,
  hour,
  revision,
  headingLevel = 2,
}: DrawVerificationProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const timeZone = useLotteryTimezone();
  const headingId = useId();
  const check = useDrawVerification(date, hour, revision);
  const title = i18n._('verify.title', { time: hourLabel(hour), date: format.longDate(date) });

  let body;
  if (check.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner aria-hidden /> {i18n._('verify.checking')}
      </p>
    );
  } else if (check.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>{i18n._('verify.loadFailed')}</p>
        <button
          type="button"
          className={buttonVariants({ variant: 'outline' })}
          onClick={() => void check.refetch()}
        >
          <RotateCw aria-hidden />
          {i18n._('action.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <VerificationReport
        evidence={check.data.evidence}
        verification={check.data.verification}
        timeZone={timeZone}
        proof={check.data.proof}
        beacon={check.data.beacon}
        beaconSince={check.data.beaconSince}
      />
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border bg-muted/40 p-3 text-left"
    >
      <Heading id={headingId} className="text-sm font-semibold">
        {title}
      </Heading>
      {body}
    </section>
  );
}
