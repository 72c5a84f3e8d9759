import { FEED_ERRORS, LANG_ERRORS, requestLanguage } from './feed-errors.ts';
import { type FeedLanguage, isFeedLanguage } from './feed-words.ts';

/** How many draws a feed carries: two days of hourly draws. */
export const FEED_SIZE = 48;
/** A feed URL is short; a longer query string is not a request we expect. */
export const MAX_QUERY_CHARS = 1024;

export type FeedFormat = 'rss' | 'json';

/** `results` (the default): the latest draws; `commitments`: the draws to come (ADR 023). */
export type FeedKind = 'results' | 'commitments';

export type ParsedRequest =
  | { ok: true; format: FeedFormat; feed: FeedKind; lang: FeedLanguage }
  | { ok: false; error: string };

/**
 * The parameters are `feed` (`results`, the default, or `commitments`), `format` (`rss`, the
 * default, or `json`; the commitments feed is JSON only) and `lang` (one of the site's six
 * languages, English by default: the feed's words and the pages it links to). Other parameters are ignored
 * rather than refused: feed readers and link shorteners append their own (`utm_source`, cache
 * busters), and none of them can change what the feed says. A refusal is in the request's
 * `lang` when it names one (feed-errors.ts).
 */
export function parseFeedRequest(url: URL): ParsedRequest {
  const words = FEED_ERRORS[requestLanguage(url)];
  if (url.search.length > MAX_QUERY_CHARS) return { ok: false, error: words.queryTooLong };
  const formats = url.searchParams.getAll('format');
  if (formats.length > 1) return { ok: false, error: words.formatTwice };
  const feeds = url.searchParams.getAll('feed');
  if (feeds.length > 1) return { ok: false, error: words.feedTwice };
  const langs = url.searchParams.getAll('lang');
  if (langs.length > 1) return { ok: false, error: LANG_ERRORS.twice };
  const lang = langs[0] ?? 'en';
  if (!isFeedLanguage(lang)) return { ok: false, error: LANG_ERRORS.unknown };
  const feed = feeds[0] ?? 'results';
  if (feed !== 'results' && feed !== 'commitments') return { ok: false, error: words.feedUnknown };
  if (feed === 'commitments') {
    // One JSON document: commitments and ciphertexts are data to archive, not news to read.
    if (formats[0] !== undefined && formats[0] !== 'json')
      return { ok: false, error: words.commitmentsJson };
    return { ok: true, format: 'json', feed, lang };
  }
  const format = formats[0] ?? 'rss';
  if (format !== 'rss' && format !== 'json') return { ok: false, error: words.formatUnknown };
  return { ok: true, format, feed, lang };
}

export const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/**
 * A browser opening the feed asks for a page (`Accept: text/html, …`). Chromium shows
 * `application/rss+xml` as plain text, so it would never apply the feed's stylesheet; the same
 * RSS as `application/xml` is shown as a styled document. Feed readers do not ask for HTML and
 * keep getting `application/rss+xml`.
 */
export function isBrowserView(accept: string | null): boolean {
  return (accept ?? '').toLowerCase().includes('text/html');
}

export const BROWSER_VIEW_TYPE = 'application/xml; charset=utf-8';

/** A strong validator of the exact bytes served (SHA-256, base64url, first 27 chars). */
export async function entityTag(body: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)),
  );
  const base64 = btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `"${base64.slice(0, 27)}"`;
}

/** RFC 9110 If-None-Match: `*` or a list of tags, compared weakly (a W/ prefix still matches). */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}
