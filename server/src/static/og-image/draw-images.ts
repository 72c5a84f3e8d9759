import { RateLimiter } from '../../lib/rate-limit.ts';
import type { DrawImageContent } from './draw-image.ts';

export interface DrawImagesOptions {
  /** Images kept; the least recently asked leaves first. */
  maxEntries?: number;
  /** Bytes kept, all images together (one is about 60 KB). */
  maxBytes?: number;
  /** New images drawn per second at most; past it the caller serves the generic image. */
  rendersPerSecond?: number;
  now?: () => number;
}

/** Draws one image, or answers `undefined` when it cannot now (render-thread.ts). */
export type Renderer = (content: DrawImageContent) => Promise<Buffer | undefined>;

export interface DrawImage {
  png: Buffer;
  /** Names the content: a corrected number is another image, never a stale copy. */
  etag: string;
}

/** What names one image: its draw, its number and its variant (English keeps its old keys). */
function imageKey({ date, hour, prize, plain }: DrawImageContent): string {
  return `${date}/${hour}/${prize}${plain ? '/plain' : ''}`;
}

/**
 * FNV-1a, 32 bits: a short, stable token of an image's content for ETags and image URLs. The
 * plain variant's differs from the English one's, so neither is taken for the other.
 */
export function contentToken(content: DrawImageContent): string {
  let hash = 0x811c9dc5;
  for (const char of imageKey(content)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Per-draw preview images, each drawn once and kept (bounded by count and bytes), keyed by
 * date, hour, number and variant (English or plain, draw-image.ts), so an edited number is
 * drawn anew; both variants share the bounds below. Which draws are asked is a
 * stranger's choice, and each new one costs a render (10-20 ms of CPU): at most
 * `rendersPerSecond` are started, all callers together (ADR 017's rule for work whose size a
 * stranger picks); past it `get` answers `undefined` at once and the caller serves the generic
 * image, never an error. Concurrent asks for one image share its render; cached images are
 * served without limit.
 */
export function drawImages(
  render: Renderer,
  {
    maxEntries = 256,
    maxBytes = 16 * 1024 * 1024,
    rendersPerSecond = 10,
    now = Date.now,
  }: DrawImagesOptions = {},
) {
  const cache = new Map<string, DrawImage>();
  const drawing = new Map<string, Promise<DrawImage | undefined>>();
  let bytes = 0;
  const budget = new RateLimiter({ limit: rendersPerSecond, windowMs: 1_000, maxKeys: 1, now });

  const remember = (key: string, image: DrawImage) => {
    cache.set(key, image);
    bytes += image.png.length;
    for (const [oldest, old] of cache) {
      if (cache.size <= maxEntries && bytes <= maxBytes) break;
      cache.delete(oldest);
      bytes -= old.png.length;
    }
  };

  const draw = async (key: string, content: DrawImageContent) => {
    try {
      const png = await render(content);
      if (!png) return undefined;
      const image = { png, etag: contentToken(content) };
      remember(key, image);
      return image;
    } finally {
      drawing.delete(key);
    }
  };

  return {
    get(content: DrawImageContent): Promise<DrawImage | undefined> {
      const key = imageKey(content);
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return Promise.resolve(cached);
      }
      const under = drawing.get(key);
      if (under) return under;
      if (!budget.consume('render')) return Promise.resolve(undefined);
      const image = draw(key, content);
      drawing.set(key, image);
      return image;
    },
    stats: () => ({ entries: cache.size, bytes }),
  };
}
