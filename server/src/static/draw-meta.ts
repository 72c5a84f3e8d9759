import type pg from 'pg';
import type { DrawAddress } from '../../../src/shared/draw-address.ts';
import { publishedAt } from '../../../src/shared/lottery-clock.ts';
import { poolIsBusy, readAsAnon } from './anon-read.ts';

/** The published number of a draw, `null` when anon may not see one, `undefined` when unknown. */
export type DrawPrize = string | null | undefined;

export interface DrawPrizeLookupOptions {
  /** How long an answer is reused: a shared link is fetched by many previewers at once. */
  cacheMs?: number;
  /** Distinct draws remembered; the oldest is forgotten first. */
  maxEntries?: number;
  /** Reads under way at once; past it the page is served without the number. */
  maxInFlight?: number;
  now?: () => number;
}

interface Entry {
  prize: Promise<DrawPrize>;
  expires: number;
}

// As anon, exactly as the REST API reads for a visitor: row-level security decides whether the
// number may be seen (ADR 003), so an unpublished draw's number never reaches the served HTML.
// One probe of the unique (draw_date, draw_hour) index.
export const drawPrizeStatement = (draw: DrawAddress) => ({
  text: 'select "first_prize" from "public"."lottery_results" where "draw_date" = $1::date and "draw_hour" = $2::integer',
  values: [draw.date, String(draw.hour)],
});

async function readPrize(pool: pg.Pool, draw: DrawAddress): Promise<DrawPrize> {
  const rows = await readAsAnon<{ first_prize: string | null }>(pool, drawPrizeStatement(draw));
  return rows[0]?.first_prize ?? null;
}

/**
 * The number a draw page's served HTML carries, read at bounded cost: one indexed query per draw
 * per `cacheMs` (concurrent asks for the same draw share it), never more than `maxInFlight` reads
 * at once, never a wait for a busy pool (link previews must not take a visitor's connection). A
 * failure or a busy stack gives `undefined`: the page is then served without the number, never
 * an error. An answer of "not visible" is reused only until the draw's time, so it cannot hide
 * a draw that has just been published, and all are dropped when a result changes (`forget`).
 */
export function drawPrizeLookup(
  pool: pg.Pool,
  timeZone: string,
  {
    cacheMs = 30_000,
    maxEntries = 1_000,
    maxInFlight = 4,
    now = Date.now,
  }: DrawPrizeLookupOptions = {},
) {
  const cache = new Map<string, Entry>();
  let inFlight = 0;

  const remember = (key: string, entry: Entry) => {
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  };

  const lookup = (draw: DrawAddress): Promise<DrawPrize> => {
    const key = `${draw.date}/${draw.hour}`;
    const cached = cache.get(key);
    if (cached && cached.expires > now()) return cached.prize;
    if (inFlight >= maxInFlight || poolIsBusy(pool)) return Promise.resolve(undefined);
    inFlight += 1;
    const prize = readPrize(pool, draw).then(
      (value) => value,
      () => undefined,
    );
    const entry: Entry = { prize, expires: now() + cacheMs };
    remember(key, entry);
    void prize.then((value) => {
      inFlight -= 1;
      if (value === undefined) {
        if (cache.get(key) === entry) cache.delete(key);
      } else if (value === null) {
        const at = publishedAt(draw.date, draw.hour, timeZone).getTime();
        if (at > now()) entry.expires = Math.min(entry.expires, at);
      }
    });
    return prize;
  };
  /** Drops every answer kept: a result changed (results-changes.ts). */
  const forget = () => cache.clear();
  return Object.assign(lookup, { forget });
}
