import type { ComponentType } from 'react';
import { ResultsError } from '@/components/states/results-error';
import { useI18n } from '@/i18n/i18n-context';

import type { DrawAddress } from '@/shared/draw-address';
import { drawNumber, hourLabel, type DrawState } from '@/shared/lottery-clock';
import { useDrawFormat } from './use-draw-format';
import { DrawNav } from './draw-nav';
import { DrawPending, DrawPrize, DrawPrizeLoading } from './draw-result';
import { ShareButton } from './share-button';
import { WithdrawnNotice, type WithdrawnTrace } from './withdrawn-notice';

export interface DrawViewProps {
  draw: DrawAddress;
  today: string;
  timeZone: string;
  /** The published number; `null` when there is none to show; `undefined` while unknown. */
  prize: string | null | undefined;
  /** Upcoming, drawing (time passed, result not in yet), published or missing (drawState). */
  state: DrawState;
  failed: boolean;
  offline: boolean;
  onRetry: () => void;
  share: { title: string; text: string; url: string };
  /** The draw's verification (commit, then reveal: ADR 012), shown once a number is published. */
  Verification: VerificationComponent;
  /** The result's `updated_at`: a change checks the draw again. */
  revision?: string;
  /** Numbers once published for this draw and withdrawn since, newest first (ADR 024). */
  withdrawn?: WithdrawnTrace[];
}

export type VerificationComponent = ComponentType<{
  date: string;
  hour: number;
  revision?: string;
}>;

export function DrawView({
  draw,
  today,
  timeZone,
  prize,
  state,
  failed,
  offline,
  onRetry,
  share,
  Verification,
  revision,
  withdrawn = [],
}: DrawViewProps) {
  const { i18n } = useI18n();
  const format = useDrawFormat();
  const notice = <WithdrawnNotice withdrawn={withdrawn} date={draw.date} timeZone={timeZone} />;
  let body;
  if (prize) {
    body = (
      <>
        <DrawPrize prize={prize} />
        {notice}
      </>
    );
  } else if (prize === null && state !== 'upcoming' && withdrawn.length > 0) {
    // Never "no result was published": one was, and the trace says which and when.
    body = (
      <div className="flex flex-col gap-3 rounded-lg border border-dashed bg-card px-4 py-8 text-center">
        <p className="text-xl font-semibold">{i18n._('drawPage.withdrawnTitle')}</p>
        <p>{i18n._('drawPage.withdrawnBody')}</p>
        {notice}
      </div>
    );
  } else if (prize === null) body = <DrawPending draw={draw} timeZone={timeZone} state={state} />;
  else if (failed || offline) body = <ResultsError offline={offline} onRetry={onRetry} />;
  else body = <DrawPrizeLoading />;
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {i18n._('draw.numberAt', { number: drawNumber(draw.hour), time: hourLabel(draw.hour) })}
        </h1>
        <p className="text-lg text-muted-foreground">
          <time dateTime={draw.date}>{format.longDate(draw.date)}</time>
        </p>
        <p className="text-sm text-muted-foreground">
          {i18n._('common.timesIn', { zone: format.zone(timeZone) })}
        </p>
      </header>
      {body}
      <div className="flex justify-center">
        <ShareButton {...share} />
      </div>
      {/* Room for the verification while the number or the panel loads (it loads after the
          number), so neither arrival pushes the links below it (CLS). */}
      {prize !== null && (
        <div className="min-h-56">
          {prize && <Verification date={draw.date} hour={draw.hour} revision={revision} />}
        </div>
      )}
      <DrawNav draw={draw} today={today} />
    </article>
  );
}
