import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { checkMeta } from '@/shared/config/page-meta';
import { parseCheckNumber } from '@/shared/check-number';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { CheckForm } from './components/check-form';
import { CheckResults } from './components/check-results';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

/** The number lives in the address (`/check?n=1234`): deep links, Back and Forward just work. */
export function CheckPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('n');
  const n = parseCheckNumber(raw);
  const timeZone = useLotteryTimezone();
  const { i18n } = useI18n();
  const format = useFormat();
  return (
    <>
      <PageMeta {...checkMeta(n, i18n)} />
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-1 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
            {i18n._('check.heading')}
          </h1>
          <p className="text-muted-foreground">{i18n._('check.intro')}</p>
          <p className="text-sm text-muted-foreground">
            {i18n._('common.timesIn', { zone: format.zone(timeZone) })}
          </p>
        </header>
        <CheckForm
          initial={n ?? raw ?? ''}
          invalid={raw !== null && raw.trim() !== '' && n === null}
          // A typo goes to the address too: the results shown always belong to what it says.
          onCheck={(typed) => setParams(typed === '' ? {} : { n: typed })}
        />
        {n !== null && <CheckResults n={n} />}
      </div>
    </>
  );
}
