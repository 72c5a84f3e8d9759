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
 * same few pages. Kept per address with the page they encode: an address whose page
 * has changed (its rows, its meta) is encoded anew, so nothing is ever sent stale. At most
 * `maxEntries` addresses (about 120 KB each), the least recently asked forgotten first. At most
 * `maxCompressing` pages are compressed at once, on libuv's threads: past that a page goes as it
 * is (larger, never late), so a stranger's made-up query strings, each a page to compress, cannot
 * take the cores from everyone else. A page under `minBytes` goes as it is. A client that takes
 * only deflate gets the page as it is, as it gets the hashed files (hashed-assets.ts).
 */
export function pageEncoder({ maxEntries = 32, minBytes = 1024, maxCompressing = 2 } = {}) {
  const pages = new Map<string, Encoded>();
  let compressing = 0;
  return async (
    address: string,
    html: string,
    acceptEncoding: string | undefined,
  ): Promise<PageBytes> => {
    if (html.length < minBytes) return { body: Buffer.from(html) };
    let page = pages.get(address);
    pages.delete(address); // set again below, as the most recent
    // One comparison of the page against the one kept (Map keys of 46 KB would not do: V8
    // hashes a string this long by its length alone).
    if (page?.html !== html) page = { html, identity: Buffer.from(html) };
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(address, page);
    const coding = preferredCoding(acceptEncoding, CODINGS);
    if (!coding) return { body: page.identity };
    if (!page[coding]) {
      if (compressing >= maxCompressing) return { body: page.identity };
      compressing += 1;
      // Visitors asking at once share one compression.
      page[coding] = compressors[coding](page.identity)
        .catch(() => undefined)
        .finally(() => (compressing -= 1));
    }
    const body = await page[coding];
    return body ? { body, coding } : { body: page.identity };
  };
}
