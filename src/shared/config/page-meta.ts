import { localeDrawDay, localeLongDate } from '../i18n/format.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import type { Messages } from '../i18n/messages.ts';
import { drawAddressOfPath, type DrawAddress } from '../draw-address.ts';
import { parseCheckNumber } from '../check-number.ts';
import { drawNumber, formatLongDate, hourLabel, isDateString, todayIn } from '../lottery-clock.ts';
import {
  DEFAULT_STATS_PERIOD,
  parseStatsPeriod,
  STATS_PERIOD_KEYS,
  type StatsPeriod,
} from '../stats-period.ts';
import { paths } from './paths.ts';

// One source for every page's title, description and canonical path: the app renders them with
// <PageMeta>, and the local stack writes the same tags into the HTML it serves, because link
// previews and crawlers run no script. Relative imports, no `import.meta.env`: the server
// (server/src/static) imports this file under Node (the shared zone, ADR 035). Every text comes
// from the catalogs: the `i18n` argument is the page's language (the app passes its active one,
// useI18n(); the stack the served page's, ADR 027).

export interface PageMetaContent {
  /** The page's own name; the document title is `{title} | {site name}`. */
  title: string;
  description: string;
  /** Path (and query) of the canonical URL, without the language prefix (`/history`). */
  path: string;
  /** The page's language: the canonical URL carries its prefix (`/th/history`), ADR 027. */
  locale?: Locale;
  /** Pages that must stay out of search results (404, admin, auth). */
  noIndex: boolean;
  /** The link preview's image; without one, the generic image (src/shared/config/meta-tags.ts). */
  image?: PreviewImage;
}

/** A 1200x630 PNG (Open Graph's recommended size) and what it shows, for screen readers. */
export interface PreviewImage {
  /** Path (and query) on the site. */
  path: string;
  alt: string;
}

const longDate = (date: string, locale: Locale) =>
  locale === DEFAULT_LOCALE ? formatLongDate(date) : localeLongDate(date, locale);

export function homeMetaIn(i18n: Messages): PageMetaContent {
  return {
    title: i18n._('meta.home.title'),
    description: i18n._('meta.home.description'),
    path: paths.home.getHref(),
    noIndex: false,
    locale: i18n.locale,
  };
}

/** History of one day; the day the page opens on (today) keeps the plain `/history` address. */
export function historyMeta(date: string, today: string, i18n: Messages): PageMetaContent {
  const explicit = date !== today;
  const day = longDate(date, i18n.locale);
  return {
    title: explicit ? i18n._('meta.history.dayTitle', { day }) : i18n._('meta.history.title'),
    description: i18n._('meta.history.description', { day }),
    path: explicit ? paths.history.getHref(date) : paths.history.getHref(),
    noIndex: false,
    locale: i18n.locale,
  };
}

/** Check my number; a deep link to one number (`/check?n=1234`) is its own page. */
export function checkMeta(n: string | null, i18n: Messages): PageMetaContent {
  if (n === null)
    return {
      title: i18n._('meta.check.title'),
      description: i18n._('meta.check.description'),
      path: paths.check.getHref(),
      noIndex: false,
      locale: i18n.locale,
    };
  return {
    title: i18n._('meta.check.numberTitle', { n }),
    description: i18n._('meta.check.numberDescription', { n }),
    path: paths.check.getHref(n),
    noIndex: false,
    locale: i18n.locale,
  };
}

/** Statistics of one period; the default period keeps the plain `/stats` address. */
export function statsMeta(period: StatsPeriod, i18n: Messages): PageMetaContent {
  const plain = period === DEFAULT_STATS_PERIOD;
  const key = STATS_PERIOD_KEYS[period];
  return {
    title: plain ? i18n._('meta.stats.title') : i18n._('meta.stats.periodTitle', { period: key }),
    description: i18n._('meta.stats.description', { period: key }),
    path: plain ? paths.stats.getHref() : paths.stats.getHref(period),
    noIndex: false,
    locale: i18n.locale,
  };
}

/** The grid of the last `days` days; 7 keeps the plain `/grid` address. */
export function gridMeta(days: number, i18n: Messages): PageMetaContent {
  return {
    title: i18n._('meta.grid.title', { days }),
    description: i18n._('meta.grid.description', { days }),
    path: paths.grid.getHref(days),
    noIndex: false,
    locale: i18n.locale,
  };
}

/** The grid's two views; any other `days` shows the first. */
export const GRID_DAYS = [7, 30] as const;
export type GridDays = (typeof GRID_DAYS)[number];

export function gridDaysOf(search: string): GridDays {
  return new URLSearchParams(search).get('days') === '30' ? 30 : 7;
}

/** `Draw 14:30 on 23 November 2026`, in the page's language. */
export function drawTitle({ date, hour }: DrawAddress, i18n: Messages): string {
  return i18n._('meta.draw.name', {
    time: hourLabel(hour),
    day: localeDrawDay(date, i18n.locale),
  });
}

/**
 * One draw's page. `prize` is the published number; `null` when none may be shown (not drawn,
 * or not yet published: the public cannot tell which, ADR 003), and then `upcoming` says whether
 * its draw time is still ahead; `undefined` when it is not known (loading, or the stack could
 * not read it): the description then names the draw alone.
 */
export function drawMeta(
  draw: DrawAddress,
  prize: string | null | undefined,
  upcoming: boolean,
  i18n: Messages,
): PageMetaContent {
  const name = drawTitle(draw, i18n);
  const number = drawNumber(draw.hour);
  let description = i18n._('meta.draw.description', { name, number });
  if (prize) description = i18n._('meta.draw.descriptionPrize', { name, number, prize });
  else if (prize === null && upcoming)
    description = i18n._('meta.draw.descriptionUpcoming', { name, number });
  // "is", not "was": a result withdrawn after its draw (ADR 024) was published once.
  else if (prize === null) description = i18n._('meta.draw.descriptionNone', { name, number });
  return {
    title: prize ? i18n._('meta.draw.titlePrize', { name, prize }) : name,
    description,
    path: paths.draw.getHref(draw.date, draw.hour),
    noIndex: false,
    locale: i18n.locale,
  };
}

export function notFoundMetaIn(i18n: Messages): PageMetaContent {
  return {
    title: i18n._('meta.notFound.title'),
    description: i18n._('meta.notFound.description'),
    path: '/404',
    noIndex: true,
    locale: i18n.locale,
  };
}

/** Sign-in's meta in `i18n`'s language; its words are the `auth` part (served: every part). */
export function authMetaIn(i18n: Messages): PageMetaContent {
  return {
    title: i18n._('meta.auth.title'),
    description: i18n._('meta.auth.description'),
    path: paths.auth.getHref(),
    noIndex: true,
    locale: i18n.locale,
  };
}

/** The dashboard's meta in `i18n`'s language; its words are the `admin` part. */
export function adminMetaIn(i18n: Messages): PageMetaContent {
  return {
    title: i18n._('meta.admin.title'),
    description: i18n._('meta.admin.description'),
    path: paths.admin.getHref(),
    noIndex: true,
    locale: i18n.locale,
  };
}

/**
 * The meta of the page an address shows, or `null` for an address the app does not have (its
 * 404 page). A history date that is malformed or after today shows today, as the page does
 * (it then replaces the address with the plain one).
 */
export function metaForLocation(
  pathname: string,
  search: string,
  timeZone: string,
  now: Date,
  i18n: Messages,
): PageMetaContent | null {
  switch (pathname) {
    case paths.home.path:
      return homeMetaIn(i18n);
    case paths.history.path: {
      const today = todayIn(timeZone, now);
      const raw = new URLSearchParams(search).get('date');
      const date = raw !== null && isDateString(raw) && raw <= today ? raw : today;
      return historyMeta(date, today, i18n);
    }
    case paths.grid.path:
      return gridMeta(gridDaysOf(search), i18n);
    case paths.check.path:
      return checkMeta(parseCheckNumber(new URLSearchParams(search).get('n')), i18n);
    case paths.stats.path:
      return statsMeta(parseStatsPeriod(new URLSearchParams(search).get('period')), i18n);
    case paths.auth.path:
      return authMetaIn(i18n);
    case paths.admin.path:
      return adminMetaIn(i18n);
    default: {
      // The number is not known here: the stack fills it in (server/src/static/draw-meta.ts).
      const draw = drawAddressOfPath(pathname);
      return draw ? drawMeta(draw, undefined, false, i18n) : null;
    }
  }
}

/** The routes the app renders; any other address is its 404 page. */
export const appRoutePaths: readonly string[] = Object.values(paths).map((route) => route.path);
