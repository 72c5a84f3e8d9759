import { constants, type BrotliOptions } from 'node:zlib';

/**
 * Brotli for a text body, as REST's answers and the pages are sent: quality 4, near gzip's speed
 * and smaller than its output; told the size, so it sets up no more than it needs.
 */
export function textBrotli(bytes: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}
