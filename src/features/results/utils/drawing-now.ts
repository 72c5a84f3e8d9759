import { drawState, lastDraw, type Draw } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';

/**
 * Today's draw being made at `now`: its time passed less than the drawing window ago and its
 * number is not among `results` yet, or (a beacon draw, ADR 023) past that window and `waiting`
 * for its round. `undefined` while the list loads or when no draw is under way.
 */
export function drawingNow(
  results: LotteryResult[] | undefined,
  timeZone: string,
  now: Date,
  today: string,
  beaconSince?: string | null,
): (Draw & { waiting?: boolean }) | undefined {
  if (!results) return undefined;
  const draw = lastDraw(timeZone, now);
  if (draw.date !== today) return undefined;
  const has = results.some((row) => row.draw_date === draw.date && row.draw_hour === draw.hour);
  const state = drawState(draw.date, draw.hour, timeZone, now, has, beaconSince);
  if (state === 'waiting') return { ...draw, waiting: true };
  return state === 'drawing' ? draw : undefined;
}
