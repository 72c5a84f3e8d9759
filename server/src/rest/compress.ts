import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Smaller bodies go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

export type Coding = 'br' | 'gzip';

/**
 * The coding to answer an `Accept-Encoding` with (RFC 9110 §12.5.3): brotli, else gzip, else
 * none. A coding weighted `q=0` is refused, `*` stands for any not named.
 */
export function chosenCoding(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const accepted = (coding: Coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The body in `coding`, compressed on libuv's thread pool so a large answer never holds the
 * event loop. Brotli at quality 4 (as @fastify/compress, which the static files use): close to
 * gzip's speed, smaller than its output.
 */
export function compressBody(body: string, coding: Coding): Promise<Buffer> {
  if (coding === 'gzip') return gzipped(body);
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  });
}
