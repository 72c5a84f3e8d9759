import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { preferredCoding, CODINGS, type Coding } from '../lib/accept-encoding.ts';
import { textBrotli } from '../lib/text-brotli.ts';

type Encoded = { html: string; identity: Buffer } & Partial<
  Record<Coding, Promise<Buffer | undefined>>
>;

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
 * A served page's bytes, encoded once per page rather than once per request. A page is 46-54 KB
 * (its CSS is inline), and compressing it for every visitor held a browser's `GET /` to about
 * 205 a second (docs/benchmarks.md), while at the top of the hour every visitor asks for the
 * same few pages.
 *
 * - Kept per `key`, the page's identity (routes.ts: its language and canonical address), with
 *   the page they encode: a page that has changed (its rows, its meta) is encoded anew, so
 *   nothing is ever sent stale, and the addresses of one page (made-up query strings, unknown
 *   paths) share one compression. At most `maxEntries` pages (about 120 KB each), the least
 *   recently asked forgotten first.
 * - Compressed on libuv's threads, at most `maxCompressing` at once and `maxPerSecond` a second:
 *   past either a page goes as it is (larger, never late). A stranger can ask for thousands of
 *   pages of their own (`/check?n=0000` to `9999`); the two bounds keep their compression to a
 *   slice of one core (about 0.7 ms each), where back to back it took both.
 * - A page under `minBytes` goes as it is. A client that takes only deflate gets the page as it
 *   is, as it gets the hashed files (hashed-assets.ts).
 */
export function pageEncoder({
  maxEntries = 32,
  minBytes = 1024,
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
  return async (
    key: string,
    html: string,
    acceptEncoding: string | undefined,
  ): Promise<PageBytes> => {
    if (html.length < minBytes) return { body: Buffer.from(html) };
    let page = pages.get(key);
    pages.delete(key); // set again below, as the most recent
    // One comparison of the page against the one kept (Map keys of 46 KB would not do: V8
    // hashes a string this long by its length alone).
    if (page?.html !== html) page = { html, identity: Buffer.from(html) };
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    const coding = preferredCoding(acceptEncoding, CODINGS);
    if (!coding) return { body: page.identity };
    if (!page[coding]) {
      if (!startCompressing()) return { body: page.identity };
      // Visitors asking at once share one compression.
      page[coding] = compressors[coding](page.identity)
        .catch(() => undefined)
        .finally(() => (compressing -= 1));
    }
    const body = await page[coding];
    return body ? { body, coding } : { body: page.identity };
  };
}
