import type { ReactNode } from 'react';
import { PrizeNumber, PrizeNumberRoom } from '@/components/results/prize-number';
import { ResultsLoading } from '@/components/states/results-loading';
import { useI18n } from '@/i18n/i18n-context';

import { drawNumber, hourLabel, publishedAt, type DrawState } from '@/shared/lottery-clock';
import type { DrawAddress } from '@/shared/draw-address';
import { visitorTimeOf } from '@/lib/zone-names';
import { useDrawFormat } from './use-draw-format';

/** The draw's number, big, as the results lists show it (the balls read as digits). */
export function DrawPrize({ prize }: { prize: string }) {
  const { i18n } = useI18n();
  return (
    <PrizeBox label={i18n._('drawPage.firstPrize')} digits={prize}>
      <PrizeNumber prize={prize} />
    </PrizeBox>
  );
}

/**
 * The number's own box while it is read (its rows were not in the page): DrawPrize's box with
 * empty lines and balls, kept invisible under the loading state, so the number takes exactly the
 * room that was kept for it.
 */
export function DrawPrizeLoading() {
  return (
    <div className="relative">
      <div aria-hidden className="invisible">
        <PrizeBox label={'\u00a0'} digits={'\u00a0'}>
          <PrizeNumberRoom />
        </PrizeBox>
      </div>
      <div className="absolute inset-0 flex items-center justify-center">
        <ResultsLoading />
      </div>
    </div>
  );
}

function PrizeBox({
  label,
  digits,
  children,
}: {
  label: string;
  digits: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border bg-card px-4 py-8 shadow-xs">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <div className="scale-125 py-2 sm:scale-150 sm:py-4">{children}</div>
      <p aria-hidden className="font-mono text-2xl font-bold tracking-[0.3em] tabular-nums">
        {digits}
      </p>
    </div>
  );
}

/**
 * No number to show: the draw is still ahead (when, on the lottery clock and the visitor's), is
 * being made (its time just passed: the number arrives within seconds), or its time passed
 * longer than the drawing window ago without a published result.
 */
export function DrawPending({
  draw,
  timeZone,
  state,
}: {
  draw: DrawAddress;
  timeZone: string;
  state: DrawState;
}) {
  const { i18n } = useI18n();
  const format = useDrawFormat();
  const at = publishedAt(draw.date, draw.hour, timeZone);
  const yours = visitorTimeOf(at, timeZone);
  const which = { number: drawNumber(draw.hour), time: hourLabel(draw.hour) };
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card px-4 py-10 text-center">
      {state === 'drawing' ? (
        <div role="status" className="flex flex-col items-center gap-2">
          <p className="text-xl font-semibold">{i18n._('draw.drawingNow')}</p>
          <p>{i18n._('drawPage.drawingBody', which)}</p>
        </div>
      ) : state === 'waiting' ? (
        <div role="status" className="flex flex-col items-center gap-2">
          <p className="text-xl font-semibold">{i18n._('draw.waitingForBeacon')}</p>
          <p>{i18n._('drawPage.waitingBody', which)}</p>
        </div>
      ) : state === 'upcoming' ? (
        <>
          <p className="text-xl font-semibold">{i18n._('drawPage.notDrawnYet')}</p>
          <p>{i18n._('drawPage.upcomingBody', { ...which, zone: format.zone(timeZone, at) })}</p>
          {yours && (
            <p className="text-sm text-muted-foreground">
              {i18n._('today.yourTime', { time: yours })}
            </p>
          )}
          <p className="text-sm text-muted-foreground">{i18n._('drawPage.upcomingHint')}</p>
        </>
      ) : (
        <p className="text-lg font-medium">{i18n._('drawPage.missing')}</p>
      )}
    </div>
  );
}
