import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { preferredCoding, STORED_CODINGS, type StoredCoding } from '../lib/accept-encoding.ts';

/** @fastify/compress's own brotli settings, which compressed every page before. */
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

type Encoded = { html: string; identity: Buffer } & Partial<Record<StoredCoding, Buffer>>;

export interface PageBytes {
  body: Buffer;
  /** The coding of `body`; none: the page as it is. */
  coding?: StoredCoding;
}

/**
 * A served page's bytes, encoded once per page rather than once per request. A page is 46-54 KB
 * (its CSS is inline), and compressing it for every visitor held a browser's `GET /` to about
 * 205 a second (docs/benchmarks.md), while at the top of the hour every visitor asks for the
 * same few pages. Kept per address with the page they encode: an address whose page
 * has changed (its rows, its meta) is encoded anew, so nothing is ever sent stale. At most
 * `maxEntries` addresses (about 120 KB each), the least recently asked forgotten first: a
 * stranger's made-up query strings cost what every page cost before, and no more. A page under
 * `minBytes` goes as it is, as @fastify/compress's threshold had it.
 */
export function pageEncoder({ maxEntries = 32, minBytes = 1024 } = {}) {
  const pages = new Map<string, Encoded>();
  return (address: string, html: string, acceptEncoding: string | undefined): PageBytes => {
    if (html.length < minBytes) return { body: Buffer.from(html) };
    let page = pages.get(address);
    pages.delete(address); // set again below, as the most recent
    // One comparison of the page against the one kept (Map keys of 46 KB would not do: V8
    // hashes a string this long by its length alone).
    if (page?.html !== html) page = { html, identity: Buffer.from(html) };
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(address, page);
    const coding = preferredCoding(acceptEncoding, STORED_CODINGS);
    if (!coding) return { body: page.identity };
    page[coding] ??=
      coding === 'br' ? brotliCompressSync(page.identity, BROTLI) : gzipSync(page.identity);
    return { body: page[coding], coding };
  };
}
