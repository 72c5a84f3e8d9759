import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { preferredCoding, CODINGS, type Coding } from '../lib/accept-encoding.ts';
import { textBrotli } from '../lib/text-brotli.ts';

/**
 * A page as the encoder sees it: `parts` say what is in it (under one key, equal parts make equal
 * bytes); `bytes` builds it, and `gzip` builds it as gzip without compressing it anew
 * (page-template.ts). Each is called only when what is kept under its key will not do.
 */
export interface PageSource {
  parts: readonly string[];
  bytes(): Buffer;
  gzip(): Buffer;
}

type Encoded = { source: PageSource; identity?: Buffer } & Partial<
  Record<Coding, Promise<Buffer | undefined>>
>;

const sameParts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

const compressors: Record<Coding, (page: Buffer) => Promise<Buffer>> = {
  br: (page) => promisify(brotliCompress)(page, textBrotli(page.length)),
  gzip: (page) => promisify(gzip)(page),
};

export interface PageBytes {
  body: Buffer;
  /** The coding of `body`; none: the page as it is. */
  coding?: Coding;
}

/**
 * A served page's bytes, compressed once per page rather than once per request. A page is 46-54
 * KB (its CSS is inline), and compressing it for every visitor held a browser's `GET /` to about
 * 205 a second (docs/benchmarks.md), while at the top of the hour every visitor asks for the
 * same few pages.
 *
 * - Kept per `key`, the page's identity (routes.ts: its language and canonical address), with
 *   the parts they encode: a page whose parts have changed (its rows, its meta) is encoded anew,
 *   so nothing is ever sent stale, and the addresses of one page (made-up query strings, unknown
 *   paths) share one compression. At most `maxEntries` pages (about 70 KB each), the least
 *   recently asked forgotten first.
 * - Compressed whole on libuv's threads, at most `maxCompressing` at once and `maxPerSecond` a
 *   second. Past either, a page goes as gzip from its template's pieces, compressed once (about
 *   13 KB against 11 KB whole, and 10 µs of the loop): a stranger asking for thousands of pages of
 *   their own (`/check?n=0000` to `9999`) costs neither the cores nor 50 KB answers.
 * - A client that takes neither brotli nor gzip gets the page as it is, as it gets the hashed
 *   files (hashed-assets.ts).
 */
export function pageEncoder({
  maxEntries = 32,
  maxCompressing = 2,
  maxPerSecond = 50,
  now = () => performance.now(),
} = {}) {
  const pages = new Map<string, Encoded>();
  let compressing = 0;
  let second = { from: -Infinity, started: 0 };
  /** One more compression, if both bounds allow it now. */
  const startCompressing = () => {
    const at = now();
    if (at - second.from >= 1000) second = { from: at, started: 0 };
    if (compressing >= maxCompressing || second.started >= maxPerSecond) return false;
    compressing += 1;
    second.started += 1;
    return true;
  };
  const identity = (page: Encoded) => (page.identity ??= page.source.bytes());
  const pieced = (page: Encoded, acceptEncoding: string | undefined): PageBytes =>
    preferredCoding(acceptEncoding, ['gzip'])
      ? { body: page.source.gzip(), coding: 'gzip' }
      : { body: identity(page) };
  return async (
    key: string,
    source: PageSource,
    acceptEncoding: string | undefined,
  ): Promise<PageBytes> => {
    let page = pages.get(key);
    pages.delete(key); // set again below, as the most recent
    if (!page || !sameParts(page.source.parts, source.parts)) page = { source };
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    const coding = preferredCoding(acceptEncoding, CODINGS);
    if (!coding) return { body: identity(page) };
    if (!page[coding]) {
      if (!startCompressing()) return pieced(page, acceptEncoding);
      // Visitors asking at once share one compression.
      page[coding] = compressors[coding](identity(page))
        .catch(() => undefined)
        .finally(() => (compressing -= 1));
    }
    const body = await page[coding];
    return body ? { body, coding } : pieced(page, acceptEncoding);
  };
}
