import type { PageMetaContent } from '../../../../src/config/page-meta.ts';
import { drawName, type DrawAddress } from '../../../../src/lib/draw-address.ts';
import type { DrawPrize } from '../draw-meta.ts';
import { contentToken } from './draw-images.ts';

/**
 * `/og/draw/2026-11-23/7.png?v=…`: the query names the number (a hash of date, hour and
 * number), so a corrected number is a new URL that previewers fetch again rather than a cached
 * picture of the old one. The server ignores it: the image always shows what anon may see now.
 */
export function drawImagePath(draw: DrawAddress, prize: string): string {
  return `/og/draw/${draw.date}/${draw.hour}.png?v=${contentToken({ ...draw, prize })}`;
}

/**
 * A draw page's meta with its own preview image when its number is published (read as anon:
 * draw-meta.ts); a draw still ahead, missing, or whose number could not be read keeps the
 * generic image, which shows no number.
 */
export function withDrawImage(
  meta: PageMetaContent,
  draw: DrawAddress,
  prize: DrawPrize,
): PageMetaContent {
  if (!prize) return meta;
  return {
    ...meta,
    image: { path: drawImagePath(draw, prize), alt: `${drawName(draw)}: first prize ${prize}` },
  };
}
