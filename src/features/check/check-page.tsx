import { Link, useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { checkMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { parseCheckNumber } from '@/lib/check-number';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { zoneLabel } from '@/lib/zone-names';
import { CheckForm } from './components/check-form';
import { CheckResults } from './components/check-results';

/** The number lives in the address (`/check?n=1234`): deep links, Back and Forward just work. */
export function CheckPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('n');
  const n = parseCheckNumber(raw);
  const timeZone = useLotteryTimezone();
  return (
    <>
      <PageMeta {...checkMeta(n)} />
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-1 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Check My Number</h1>
          <p className="text-muted-foreground">
            Every published draw, newest first: exact hits, then the last three and last two digits.
          </p>
          <p className="text-sm text-muted-foreground">Times in {zoneLabel(timeZone)}</p>
        </header>
        {/* A new address (Back, Forward, a link) starts the field over from it. */}
        <CheckForm
          key={raw ?? ''}
          initial={n ?? raw ?? ''}
          onCheck={(value) => setParams({ n: value })}
        />
        {raw !== null && raw.trim() !== '' && n === null && (
          <p role="alert" className="rounded-lg border border-dashed bg-card px-4 py-6 text-center">
            “{raw.slice(0, 12)}” is not a number to check: enter 2 to 4 digits.{' '}
            <Link className="underline underline-offset-4" to={paths.check.getHref()}>
              Start over
            </Link>
          </p>
        )}
        {n !== null && <CheckResults n={n} />}
      </div>
    </>
  );
}
