import { drawAddressOfPath, drawName, type DrawAddress } from '../lib/draw-address';
import { parseCheckNumber } from '../lib/check-number';
import { drawNumber, formatLongDate, isDateString, todayIn } from '../lib/lottery-clock';
import {
  DEFAULT_STATS_PERIOD,
  parseStatsPeriod,
  STATS_PERIOD_LABELS,
  type StatsPeriod,
} from '../lib/stats-period';
import { paths } from './paths';

// One source for every page's title, description and canonical path: the app renders them with
// <PageMeta>, and the local stack writes the same tags into the HTML it serves, because link
// previews and crawlers run no script. Relative imports, no `import.meta.env`: the server
// (server/src/static) imports this file under Node.

export interface PageMetaContent {
  /** The page's own name; the document title is `{title} | {site name}`. */
  title: string;
  description: string;
  /** Path (and query) of the canonical URL. */
  path: string;
  /** Pages that must stay out of search results (404, admin, auth). */
  noIndex: boolean;
  /** The link preview's image; without one, the generic image (src/config/meta-tags.ts). */
  image?: PreviewImage;
}

/** A 1200x630 PNG (Open Graph's recommended size) and what it shows, for screen readers. */
export interface PreviewImage {
  /** Path (and query) on the site. */
  path: string;
  alt: string;
}

export const homeMeta: PageMetaContent = {
  title: "Today's Results",
  description:
    "The first-prize numbers of today's hourly lottery draws, updated live as each draw is published.",
  path: paths.home.getHref(),
  noIndex: false,
};

/** History of one day; the day the page opens on (today) keeps the plain `/history` address. */
export function historyMeta(date: string, today: string): PageMetaContent {
  const explicit = date !== today;
  const day = formatLongDate(date);
  return {
    title: explicit ? `Results of ${day}` : 'Results History',
    description: `Hourly lottery first-prize results for ${day}, and any earlier day.`,
    path: explicit ? paths.history.getHref(date) : paths.history.getHref(),
    noIndex: false,
  };
}

/** Check my number; a deep link to one number (`/check?n=1234`) is its own page. */
export function checkMeta(n: string | null): PageMetaContent {
  if (n === null)
    return {
      title: 'Check My Number',
      description:
        'Check a four-digit number, or its last three or two digits, against every published hourly draw.',
      path: paths.check.getHref(),
      noIndex: false,
    };
  return {
    title: `Check ${n}`,
    description: `Every published hourly draw whose first prize matches ${n}: exact hits, then the last three and last two digits.`,
    path: paths.check.getHref(n),
    noIndex: false,
  };
}

/** Statistics of one period; the default period keeps the plain `/stats` address. */
export function statsMeta(period: StatsPeriod): PageMetaContent {
  const label = STATS_PERIOD_LABELS[period].toLowerCase();
  return {
    title: period === DEFAULT_STATS_PERIOD ? 'Statistics' : `Statistics, ${label}`,
    description: `How often each digit fell in each position of the first prize (${label}), hot and cold numbers, and a fairness check.`,
    path: period === DEFAULT_STATS_PERIOD ? paths.stats.getHref() : paths.stats.getHref(period),
    noIndex: false,
  };
}

/** The grid of the last `days` days; 7 keeps the plain `/grid` address. */
export function gridMeta(days: number): PageMetaContent {
  return {
    title: `Results grid: last ${days} days`,
    description: `Every hourly lottery first prize of the last ${days} days in one table, hour by hour.`,
    path: paths.grid.getHref(days),
    noIndex: false,
  };
}

/** The grid's two views; any other `days` shows the first. */
export const GRID_DAYS = [7, 30] as const;
export type GridDays = (typeof GRID_DAYS)[number];

export function gridDaysOf(search: string): GridDays {
  return new URLSearchParams(search).get('days') === '30' ? 30 : 7;
}

/**
 * One draw's page. `prize` is the published number; `null` when none may be shown (not drawn,
 * or not yet published: the public cannot tell which, ADR 003), and then `upcoming` says whether
 * its draw time is still ahead; `undefined` when it is not known (loading, or the stack could
 * not read it): the description then names the draw alone.
 */
export function drawMeta(
  draw: DrawAddress,
  prize?: string | null,
  upcoming = false,
): PageMetaContent {
  const name = drawName(draw);
  const which = `hourly draw #${drawNumber(draw.hour)}`;
  let description = `${name}: the first prize of ${which} of the day, on the lottery clock.`;
  if (prize) description = `${name}: ${prize}. The first prize of ${which} of the day.`;
  else if (prize === null && upcoming) description = `${name}: not drawn yet (${which}).`;
  // "is", not "was": a result withdrawn after its draw (ADR 024) was published once.
  else if (prize === null) description = `${name}: no result is published for ${which}.`;
  return {
    title: prize ? `${name}: ${prize}` : name,
    description,
    path: paths.draw.getHref(draw.date, draw.hour),
    noIndex: false,
  };
}

export const notFoundMeta: PageMetaContent = {
  title: 'Page not found',
  description: "This page does not exist. See today's hourly lottery results instead.",
  path: '/404',
  noIndex: true,
};

export const authMeta: PageMetaContent = {
  title: 'Admin Login',
  description: 'Sign in to the Lotto24 results dashboard.',
  path: paths.auth.getHref(),
  noIndex: true,
};

export const adminMeta: PageMetaContent = {
  title: 'Admin Dashboard',
  description: 'Add, edit, generate and delete Lotto24 results.',
  path: paths.admin.getHref(),
  noIndex: true,
};

/**
 * The meta of the page an address shows, or `null` for an address the app does not have (its
 * 404 page). A history date that is malformed or after today shows today, as the page does
 * (it then replaces the address with the plain one).
 */
export function metaForLocation(
  pathname: string,
  search: string,
  timeZone: string,
  now: Date = new Date(),
): PageMetaContent | null {
  switch (pathname) {
    case paths.home.path:
      return homeMeta;
    case paths.history.path: {
      const today = todayIn(timeZone, now);
      const raw = new URLSearchParams(search).get('date');
      const date = raw !== null && isDateString(raw) && raw <= today ? raw : today;
      return historyMeta(date, today);
    }
    case paths.grid.path:
      return gridMeta(gridDaysOf(search));
    case paths.check.path:
      return checkMeta(parseCheckNumber(new URLSearchParams(search).get('n')));
    case paths.stats.path:
      return statsMeta(parseStatsPeriod(new URLSearchParams(search).get('period')));
    case paths.auth.path:
      return authMeta;
    case paths.admin.path:
      return adminMeta;
    default: {
      // The number is not known here: the stack fills it in (server/src/static/draw-meta.ts).
      const draw = drawAddressOfPath(pathname);
      return draw ? drawMeta(draw) : null;
    }
  }
}

/** The routes the app renders; any other address is its 404 page. */
export const appRoutePaths: readonly string[] = Object.values(paths).map((route) => route.path);
