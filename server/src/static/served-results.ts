import type pg from 'pg';
import { paths } from '../../../src/shared/config/paths.ts';
import { resolveHistoryDate } from '../../../src/shared/history-date.ts';
import { drawAddressOfPath } from '../../../src/shared/draw-address.ts';
import { publishedAt, todayIn } from '../../../src/shared/lottery-clock.ts';
import { poolIsBusy, readAsAnon } from './anon-read.ts';

/**
 * One day's published results as the page's own first read would get them (`select=*`, newest
 * hour first), as the JSON text PostgREST sends, and when they were read (epoch ms).
 */
export interface ServedDay {
  date: string;
  rowsJson: string;
  readAt: number;
}

export interface DayResultsLookupOptions {
  /**
   * How long an answer is reused: the top of the hour brings every visitor at once, and one read
   * a second of at most 24 rows serves them all. Short, because History's list is not live: a
   * served answer is as stale as a REST read that took this long, and no longer.
   */
  cacheMs?: number;
  /** Distinct days remembered; the oldest is forgotten first. */
  maxEntries?: number;
  /** Reads under way at once; past it the page is served without rows (the app reads them). */
  maxInFlight?: number;
  now?: () => number;
}

interface Entry {
  day: Promise<ServedDay | undefined>;
  expires: number;
}

// At most 24 rows (unique (draw_date, draw_hour), hours 0-23): one range of that index. The JSON
// is built as PostgREST builds its body (json_agg of the row), so the seeded list is the same
// value the app's REST read returns, and React Query's structural sharing keeps it when the
// app's catch-up read (on the live channel's join) brings the same rows.
export const dayResultsStatement = (date: string) => ({
  text:
    'select coalesce(json_agg("t"), \'[]\')::text as "rows" from (select * from "public"."lottery_results"' +
    ' where "draw_date" = $1::date order by "draw_hour" desc limit 24) "t"',
  values: [date],
});

async function readDay(pool: pg.Pool, date: string): Promise<string> {
  const rows = await readAsAnon<{ rows: string | null }>(pool, dayResultsStatement(date));
  return rows[0]?.rows ?? '[]';
}

/** The next draw of `date` still to be published after `at`, as epoch ms; none: Infinity. */
function nextPublication(date: string, timeZone: string, at: number): number {
  for (let hour = 0; hour < 24; hour++) {
    const time = publishedAt(date, hour, timeZone).getTime();
    if (time > at) return time;
  }
  return Infinity;
}

/**
 * The rows a Today or History page's HTML carries (ADR 029), read at bounded cost as the draw
 * meta is (draw-meta.ts): one indexed read per day per `cacheMs`, shared by concurrent asks,
 * never more than `maxInFlight` at once, never a wait for a busy pool. An answer is reused at
 * most until the day's next draw time, so a draw just published is never hidden by the cache, and
 * dropped as soon as any result changes (`forget`), so a reload after an admin's edit shows it. A
 * failure or a busy stack gives `undefined`: the page is served without rows and reads them.
 */
export function dayResultsLookup(
  pool: pg.Pool,
  timeZone: string,
  {
    cacheMs = 1_000,
    maxEntries = 64,
    maxInFlight = 4,
    now = Date.now,
  }: DayResultsLookupOptions = {},
) {
  const cache = new Map<string, Entry>();
  let inFlight = 0;

  const lookup = (date: string): Promise<ServedDay | undefined> => {
    const cached = cache.get(date);
    if (cached && cached.expires > now()) return cached.day;
    if (inFlight >= maxInFlight || poolIsBusy(pool)) return Promise.resolve(undefined);
    inFlight += 1;
    const readAt = now();
    const day = readDay(pool, date).then(
      (rowsJson): ServedDay => ({ date, rowsJson, readAt }),
      () => undefined,
    );
    const entry: Entry = {
      day,
      expires: Math.min(readAt + cacheMs, nextPublication(date, timeZone, readAt)),
    };
    cache.delete(date);
    cache.set(date, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    void day.then((value) => {
      inFlight -= 1;
      if (value === undefined && cache.get(date) === entry) cache.delete(date);
    });
    return day;
  };
  /** Drops every day kept: a result changed (results-changes.ts). */
  const forget = () => cache.clear();
  return Object.assign(lookup, { forget });
}

/** The header the service worker's copy of the shell is fetched with (src/pwa/service-worker.js). */
export const SHELL_HEADER = 'x-lotto24-shell';

/**
 * Rows go to every page load, the service worker's own included (it fetches navigations anew),
 * but not to the copy of the shell it keeps at install and serves offline for any address long
 * after: its rows would be stale, and the offline copy of the day's reads (docs/decisions/015)
 * would not be used. (`Sec-Fetch-Dest` cannot tell them apart: a worker's fetch of a navigation
 * says `empty` too.)
 */
export function wantsRows(request: { headers: Record<string, string | string[] | undefined> }) {
  return request.headers[SHELL_HEADER] === undefined;
}

/** The element index.html's inline script hands the app (scripts/vite-prefetch-day.ts). */
export const SERVED_RESULTS_ID = 'lotto24-results';

/**
 * The day's rows as data for the page (not a script that runs: no CSP hash needed), placed before
 * the app's root (page-template.ts); none without a day. `<` is escaped so no value can close the
 * element.
 */
export function servedResultsTag(day: ServedDay | undefined): string {
  if (!day) return '';
  const json =
    `{"date":${JSON.stringify(day.date)},"readAt":${day.readAt},"rows":${day.rowsJson}}`.replace(
      /</g,
      '\\u003c',
    );
  return `<script type="application/json" id="${SERVED_RESULTS_ID}">${json}</script>`;
}

/**
 * The day whose rows a page's HTML carries: Today's, History's `?date=` as the app resolves it (a
 * future or malformed date is today, so a stranger's value never reaches the database unchecked),
 * a draw page's day; `undefined` for pages that show no day.
 */
export function servedDate(
  route: string,
  own: string,
  search: string,
  timeZone: string,
  now = new Date(),
): string | undefined {
  const today = todayIn(timeZone, now);
  if (route === paths.home.path) return today;
  if (route === paths.history.path)
    return resolveHistoryDate(new URLSearchParams(search).get('date'), today).date;
  if (route === paths.draw.path) {
    const draw = drawAddressOfPath(own);
    return draw && draw.date <= today ? draw.date : undefined;
  }
  return undefined;
}
