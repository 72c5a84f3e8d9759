import { nextDraw, publishedAt } from '../_shared/lottery-clock.ts';

/**
 * The feed's two questions to the lottery clock, asked of the app's own (a copy in `_shared/`,
 * tests/integration/functions-shared.test.ts): so a feed and the pages agree on every draw's
 * instant, daylight-saving edges included, as the publication policy resolves them.
 */

/** The instant (ms) of draw `hour` of `date` (`yyyy-MM-dd`): HH:30 on the lottery's clock. */
export function drawInstant(date: string, hour: number, timeZone: string): number {
  return publishedAt(date, hour, timeZone).getTime();
}

/**
 * Seconds from `now` to the next draw (strictly later), at least 1: how long a feed read now
 * stays current. Up to 3600, more only across a daylight-saving gap that skips a draw.
 */
export function secondsToNextDraw(now: number, timeZone: string): number {
  const next = nextDraw(timeZone, new Date(now)).at.getTime();
  return Math.max(1, Math.ceil((next - now) / 1000));
}
