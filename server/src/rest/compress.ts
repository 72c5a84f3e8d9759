import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync } from 'node:zlib';
import type { Coding } from '../lib/accept-encoding.ts';
import { textBrotli } from '../lib/text-brotli.ts';

/** Smaller bodies go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Below this a body is compressed on the event loop: a day's 7.7 KB takes about 60 µs as brotli,
 * less than handing it to libuv's thread pool and back costs (the bench's throughput asking for
 * brotli went from 0.62 to 0.82 of not asking). Larger answers (up to PostgREST's max rows) go to
 * the pool, so none holds the loop for long.
 */
const ON_THE_LOOP_BYTES = 64 * 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Large answers are compressed one at a time: the pool's four threads at once took two cores
 * from the event loop and PostgreSQL (16 clients asking for 1,000-row pages slowed a visitor's
 * read 4-7x, against 2-3x without compression; tests/hostile/http.test.ts).
 */
let lastLarge: Promise<unknown> = Promise.resolve();
function oneAtATime(compress: () => Promise<Buffer>): Promise<Buffer> {
  const done = lastLarge.then(compress);
  lastLarge = done.catch(() => {});
  return done;
}

/** The body in `coding` (brotli as the pages are sent: lib/text-brotli.ts). */
export function compressBody(body: string, coding: Coding): Promise<Buffer> | Buffer {
  const bytes = Buffer.byteLength(body);
  const onTheLoop = bytes < ON_THE_LOOP_BYTES;
  if (coding === 'gzip') return onTheLoop ? gzipSync(body) : oneAtATime(() => gzipped(body));
  const options = textBrotli(bytes);
  return onTheLoop ? brotliCompressSync(body, options) : oneAtATime(() => brotli(body, options));
}
