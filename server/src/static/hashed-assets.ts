import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredCoding, CODINGS, type Coding } from '../lib/accept-encoding.ts';
import { isNotModified } from '../lib/not-modified.ts';

/** Vite names every file under `assets/` by its content: a name never changes its bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The build's `assets/` is about 2.6 MB with its .br/.gz siblings (about 250 files), held once by
 * the http worker. Past this bound it is not read into memory: @fastify/static serves it from
 * disk, as it did before.
 */
export const MAX_IN_MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * As @fastify/send names these types (its `mime`, `; charset=utf-8` for text and scripts), which
 * hashed-assets.test.ts checks. A file of any other type stays with @fastify/static.
 */
export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json; charset=utf-8',
};

// Names Vite writes (`[name]-[hash].ext`): nothing the router reads as a parameter or wildcard.
const PLAIN_NAME = /^[\w-][\w.-]*$/;

interface Variant {
  body: Buffer;
  etag: string;
  lastModified: string;
  /** The whole answer's headers, and the 304's (RFC 9110 §15.4.5: validators, caching, Vary). */
  ok: Record<string, string>;
  notModified: Record<string, string>;
}

export interface HashedAsset {
  identity: Variant;
  coded: Partial<Record<Coding, Variant>>;
  codings: Coding[];
}

/** The file and what it was when read: one descriptor, so bytes and validators agree. */
function readWithStat(file: string): { body: Buffer; stat: Stats } {
  const fd = openSync(file, 'r');
  try {
    return { stat: fstatSync(fd), body: readFileSync(fd) };
  } finally {
    closeSync(fd);
  }
}

const suffix: Record<Coding, string> = { br: '.br', gzip: '.gz' };

function variant(
  file: string,
  { type, coding, vary }: { type: string; coding?: Coding; vary: boolean },
): Variant {
  const { body, stat } = readWithStat(file);
  // @fastify/send's weak ETag of size and mtime, so what a browser cached from disk revalidates.
  const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
  const lastModified = stat.mtime.toUTCString();
  const notModified: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'Last-Modified': lastModified,
  };
  // Vary only where there is a choice: a font has one answer whatever the browser accepts.
  if (vary) notModified.Vary = 'Accept-Encoding';
  const ok = { ...notModified, 'Content-Type': type, 'Content-Length': String(body.length) };
  return {
    body,
    etag,
    lastModified,
    notModified,
    ok: coding ? { ...ok, 'Content-Encoding': coding } : ok,
  };
}

/**
 * Every file of `assetsDir` (the build's own output, never a visitor's path) whose type is known,
 * with the .br/.gz the build wrote beside it; `undefined` when there is none, or more than
 * `maxBytes` in all.
 */
export function readHashedAssets(
  assetsDir: string,
  { maxBytes = MAX_IN_MEMORY_BYTES, warn = console.warn } = {},
): Map<string, HashedAsset> | undefined {
  if (!existsSync(assetsDir)) return undefined;
  const names = new Set(
    readdirSync(assetsDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  );
  let total = 0;
  for (const name of names) total += statSync(path.join(assetsDir, name)).size;
  if (total > maxBytes) {
    warn(`lotto24: ${assetsDir} holds ${total} bytes, past ${maxBytes}: served from disk`);
    return undefined;
  }
  const assets = new Map<string, HashedAsset>();
  for (const name of names) {
    const type = CONTENT_TYPES[path.extname(name)];
    if (!type || !PLAIN_NAME.test(name)) continue;
    const codings = CODINGS.filter((coding) => names.has(`${name}${suffix[coding]}`));
    const vary = codings.length > 0;
    const coded: HashedAsset['coded'] = {};
    for (const coding of codings)
      coded[coding] = variant(path.join(assetsDir, `${name}${suffix[coding]}`), {
        type,
        coding,
        vary,
      });
    const identity = variant(path.join(assetsDir, name), { type, vary });
    assets.set(name, { identity, coded, codings });
  }
  return assets;
}

/**
 * A range (206, or 416) and the preconditions `If-Match` / `If-Unmodified-Since` (412) are
 * answered by @fastify/static from the file on disk, named by this module, never by the request:
 * exactly as before, without a second implementation of them here. Browsers send none of them
 * for scripts, styles or fonts, so they cost nothing where it matters.
 */
const forDisk = (request: FastifyRequest) =>
  request.headers.range !== undefined ||
  request.headers['if-match'] !== undefined ||
  request.headers['if-unmodified-since'] !== undefined;

function answer(asset: HashedAsset, name: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (forDisk(request)) return reply.sendFile(`/assets/${name}`);
    const coding = preferredCoding(request.headers['accept-encoding'], asset.codings);
    const chosen = (coding && asset.coded[coding]) || asset.identity;
    if (isNotModified(request.headers, chosen))
      return reply.code(304).headers(chosen.notModified).send();
    reply.headers(chosen.ok);
    return request.method === 'HEAD' ? reply.send() : reply.send(chosen.body);
  };
}

/**
 * The hashed files under `/assets/` from memory, read once here: the page's scripts, styles and
 * fonts without a file read, a `readdir` or a stream per request (the bench's main script:
 * docs/benchmarks.md). One route per file, so any other path under `/assets/` (an unknown name,
 * `..`, an encoded slash, a `.br` asked for itself) finds @fastify/static's wildcard and its
 * answer as before. What is sent is what the build wrote, never compressed again per request (a
 * browser asking only for deflate gets the file as it is).
 */
export function serveHashedAssets(app: FastifyInstance, distDir: string): void {
  const assets = readHashedAssets(path.join(distDir, 'assets'));
  if (!assets) return;
  for (const [name, asset] of assets) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/assets/${name}`,
      handler: answer(asset, name),
    });
  }
}
