import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDrawAddress, type DrawAddress } from '../../../../src/shared/draw-address.ts';
import { isInDrawRange } from '../../../../src/shared/draw-date-range.ts';
import { isPublished } from '../../../../src/shared/lottery-clock.ts';
import type { DrawPrize } from '../draw-meta.ts';
import { PLAIN_SUFFIX } from './draw-image-meta.ts';
import { drawImages, type DrawImagesOptions } from './draw-images.ts';
import { renderThread } from './render-thread.ts';

/** Where a draw's preview image is served; the page's `og:image` (draw-image-meta.ts) points here. */
export const DRAW_IMAGE_ROUTE = '/og/draw/:date/:file';

/**
 * How long a previewer may keep what it got. A number image is kept an hour: long enough for a
 * burst of shares, short enough that a corrected number reaches a plain re-fetch (the page's
 * image URL also changes with the number, draw-image-meta.ts). The generic image stands in for a
 * number that is not shown (yet): kept briefly, and not at all when it only stands in because
 * the stack was busy.
 */
const CACHE = {
  number: 'public, max-age=3600',
  noNumber: 'public, max-age=60',
  busy: 'no-store',
  notFound: 'public, max-age=300',
};

/** The built app's no-number image, else the repository's (a test's bare dist has none). */
function genericImage(distDir: string): Buffer {
  const built = path.join(distDir, 'og-image.png');
  return readFileSync(
    existsSync(built) ? built : new URL('../../../../public/og-image.png', import.meta.url),
  );
}

/** One image's address: its draw, and whether it is the plain (wordless) variant. */
export interface DrawImageAddress {
  draw: DrawAddress;
  plain: boolean;
}

const IMAGE_FILE = new RegExp(`^(\\d{1,2})(${PLAIN_SUFFIX})?\\.png$`);

/**
 * `2026-11-23` and `7.png` (English) or `7-plain.png` (every other language) as a draw in the
 * database's range, or `null`.
 */
export function drawOfImagePath(date: string, file: string): DrawImageAddress | null {
  const match = IMAGE_FILE.exec(file);
  const draw = parseDrawAddress(date, match?.[1]);
  return draw && isInDrawRange(draw.date) ? { draw, plain: match![2] !== undefined } : null;
}

/**
 * `GET /og/draw/yyyy-MM-dd/H.png` (and `H-plain.png`, without words): the draw's number as a
 * 1200x630 PNG once anon may see it, else the generic image; any other address under /og/ is a quick 404 that touches nothing.
 */
export function drawImageRoutes(
  app: FastifyInstance,
  {
    distDir,
    timeZone,
    lookup,
    options,
  }: {
    distDir: string;
    timeZone: string;
    lookup: (draw: DrawAddress) => Promise<DrawPrize>;
    options?: DrawImagesOptions;
  },
): void {
  const generic = genericImage(distDir);
  const thread = renderThread();
  const images = drawImages((content) => thread.render(content), options);
  app.addHook('onClose', () => thread.close());

  const png = (reply: FastifyReply, body: Buffer, cacheControl: string) =>
    reply
      .code(200)
      .header('Content-Type', 'image/png')
      .header('Cache-Control', cacheControl)
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header('Cache-Control', CACHE.notFound)
      .type('text/plain; charset=utf-8')
      .send('Not found');

  app.get<{ Params: { date: string; file: string } }>(
    DRAW_IMAGE_ROUTE,
    async (request: FastifyRequest<{ Params: { date: string; file: string } }>, reply) => {
      const address = drawOfImagePath(request.params.date, request.params.file);
      if (!address) return notFound(reply);
      const { draw, plain } = address;
      // A draw still ahead is never looked up: the database could hold its number already.
      if (!isPublished(draw.date, draw.hour, timeZone)) return png(reply, generic, CACHE.noNumber);
      const prize = await lookup(draw);
      if (prize === undefined) return png(reply, generic, CACHE.busy);
      if (prize === null) return png(reply, generic, CACHE.noNumber);
      const image = await images.get({ ...draw, prize, plain });
      if (!image) return png(reply, generic, CACHE.busy);
      const etag = `"${image.etag}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).header('Cache-Control', CACHE.number).send();
      return png(reply, image.png, CACHE.number);
    },
  );
  app.get('/og/*', (_request, reply) => notFound(reply));
}
