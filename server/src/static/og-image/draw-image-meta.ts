import { drawTitle, type PageMetaContent } from '../../../../src/shared/config/page-meta.ts';
import { drawImageAlt } from '../../../../src/shared/config/served-words.ts';
import type { Messages } from '../../../../src/shared/i18n/messages.ts';
import { drawName, type DrawAddress } from '../../../../src/shared/draw-address.ts';
import type { DrawPrize } from '../draw-meta.ts';
import { contentToken } from './draw-images.ts';

/** The plain image's file name after its hour: `7-plain.png`. */
export const PLAIN_SUFFIX = '-plain';

/**
 * `/og/draw/2026-11-23/7.png?v=…`: the query names the number (a hash of date, hour and
 * number), so a corrected number is a new URL that previewers fetch again rather than a cached
 * picture of the old one. The server ignores it: the image always shows what anon may see now.
 * `7-plain.png` is the image without words (draw-image.ts) that pages in the other languages
 * name: another file, so no cache between here and a previewer hands one language the other's.
 */
export function drawImagePath(draw: DrawAddress, prize: string, plain = false): string {
  const file = `${draw.hour}${plain ? PLAIN_SUFFIX : ''}.png`;
  return `/og/draw/${draw.date}/${file}?v=${contentToken({ ...draw, prize, plain })}`;
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
  t?: Messages,
): PageMetaContent {
  if (!prize) return meta;
  // English as it always read; another language's words from its catalog (ADR 027), and its
  // image the plain one: the drawn words are English, which no Thai reader should get.
  const english = !t || t.locale === 'en';
  const alt = english
    ? `${drawName(draw)}: first prize ${prize}`
    : drawImageAlt(t, drawTitle(draw, t), prize);
  return { ...meta, image: { path: drawImagePath(draw, prize, !english), alt } };
}
