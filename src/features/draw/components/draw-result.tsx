import type { ComponentType } from 'react';
import { drawNumber, hourLabel, publishedAt, type DrawState } from '@/lib/lottery-clock';
import type { DrawAddress } from '@/lib/draw-address';
import { visitorTimeOf, zoneLabel } from '@/lib/zone-names';

export type PrizeComponent = ComponentType<{ prize: string }>;

/** The draw's number, big, as the results lists show it (the balls read as digits). */
export function DrawPrize({ prize, Prize }: { prize: string; Prize: PrizeComponent }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border bg-card px-4 py-8 shadow-xs">
      <p className="text-sm font-medium text-muted-foreground">First prize</p>
      <div className="scale-125 py-2 sm:scale-150 sm:py-4">
        <Prize prize={prize} />
      </div>
      <p aria-hidden className="font-mono text-2xl font-bold tracking-[0.3em] tabular-nums">
        {prize}
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
  const at = publishedAt(draw.date, draw.hour, timeZone);
  const yours = visitorTimeOf(at, timeZone);
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card px-4 py-10 text-center">
      {state === 'drawing' ? (
        <div role="status" className="flex flex-col items-center gap-2">
          <p className="text-xl font-semibold">Drawing now…</p>
          <p>
            Draw #{drawNumber(draw.hour)} at{' '}
            <span className="font-semibold tabular-nums">{hourLabel(draw.hour)}</span> is being
            drawn. The number appears here in a few seconds.
          </p>
        </div>
      ) : state === 'waiting' ? (
        <div role="status" className="flex flex-col items-center gap-2">
          <p className="text-xl font-semibold">Waiting for the beacon…</p>
          <p>
            Draw #{drawNumber(draw.hour)} at{' '}
            <span className="font-semibold tabular-nums">{hourLabel(draw.hour)}</span> is drawn from
            a public randomness beacon round that has not been fetched yet. It is drawn from that
            same round as soon as it is, and the number appears here.
          </p>
        </div>
      ) : state === 'upcoming' ? (
        <>
          <p className="text-xl font-semibold">Not drawn yet</p>
          <p>
            Draw #{drawNumber(draw.hour)} takes place at{' '}
            <span className="font-semibold tabular-nums">{hourLabel(draw.hour)}</span>,{' '}
            {zoneLabel(timeZone, at)}.
          </p>
          {yours && <p className="text-sm text-muted-foreground">Your time: {yours}</p>}
          <p className="text-sm text-muted-foreground">
            The number appears here as soon as it is drawn.
          </p>
        </>
      ) : (
        <p className="text-lg font-medium">No result was published for this draw.</p>
      )}
    </div>
  );
}
