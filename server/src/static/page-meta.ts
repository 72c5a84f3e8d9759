import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { metaTags, metaTagsHtml, type SiteIdentity } from '../../../src/shared/config/meta-tags.ts';
import {
  metaForLocation,
  notFoundMetaIn,
  type PageMetaContent,
} from '../../../src/shared/config/page-meta.ts';
import { localizeServedHtml } from '../../../src/shared/config/served-words.ts';
import { LANGUAGE_TAGS, splitLocalePath, type Locale } from '../../../src/shared/i18n/locales.ts';
import { messagesFor } from './catalogs.ts';

/** What the build was told (vite.config.ts writes it beside Vite's manifest, never served). */
export interface BuildInfo {
  siteName?: string;
  siteUrl?: string;
  supabaseUrl?: string;
}

export function readBuildInfo(distDir: string): BuildInfo {
  const file = path.join(distDir, '.vite', 'lotto24.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildInfo) : {};
}

/** The site as the app names it: a build's `VITE_SITE_*` win over the stack's SITE_URL, as in src/config/env.ts. */
export function siteIdentity(build: BuildInfo, siteUrl: string): SiteIdentity {
  return {
    name: build.siteName ?? 'Lotto24',
    url: (build.siteUrl ?? siteUrl).replace(/\/+$/, ''),
  };
}

const htmlLang = /<html lang="[^"]*"/;

/** The page an address asks for: its language and meta (whose `path` is its canonical address). */
export interface ServedMeta {
  locale: Locale;
  meta: PageMetaContent;
}

/**
 * The meta of the page asked for (the same meta the app renders: src/shared/config/page-meta.ts);
 * an unknown address gets the 404 page's. `meta` overrides it, for pages whose meta needs the
 * database (a draw's number: draw-meta.ts).
 */
export function servedMeta(
  url: string,
  timeZone: string,
  {
    notFound = false,
    now = new Date(),
    meta: known,
  }: { notFound?: boolean; now?: Date; meta?: PageMetaContent } = {},
): ServedMeta {
  const { pathname, search } = new URL(url, 'http://stack.invalid');
  // `/th/history` is Thai History: its language decides the meta's words and `<html lang>`.
  const { locale, path } = splitLocalePath(pathname);
  const i18n = messagesFor(locale);
  const meta =
    known ??
    ((!notFound && metaForLocation(path, search, timeZone, now, i18n)) || notFoundMetaIn(i18n));
  return { locale, meta };
}

/** index.html in a language: `<html lang>`, and the words only served HTML shows (served-words.ts). */
export function localizedPage(html: string, locale: Locale, site: SiteIdentity): string {
  return localizeServedHtml(
    html.replace(htmlLang, () => `<html lang="${LANGUAGE_TAGS[locale]}"`),
    messagesFor(locale),
    site.name,
  );
}

/** The page's title, description, canonical and social tags, in place of index.html's bare title. */
export const pageMetaTags = (site: SiteIdentity, { meta }: ServedMeta): string =>
  metaTagsHtml(metaTags(meta, site));
