import type { FastifyInstance } from 'fastify';

/** A body past this is read and parsed a few at a time; honest bodies (rows, sign-ins) are far smaller. */
export const LARGE_BODY_BYTES = 64 * 1024;
/** Large bodies read at once per process: each costs milliseconds of parsing on the event loop. */
export const LARGE_BODIES_AT_ONCE = 1;
/** Large bodies waiting their turn; their sockets are not read meanwhile (TCP backpressure). */
export const LARGE_BODIES_WAITING = 64;

function declaredLength(headers: Record<string, string | string[] | undefined>): number {
  const length = headers['content-length'];
  if (typeof length === 'string') return Number(length);
  // A chunked body declares no length: it may be of any size.
  return headers['transfer-encoding'] ? Infinity : 0;
}

/**
 * Every request body is bounded (1 MiB), but sixteen 512 KiB junk bodies at once from many
 * addresses kept one event loop busy parsing and made a visitor's read 68× slower
 * (tests/hostile/http.test.ts). Large bodies therefore take turns, before they are read: a
 * visitor's small request waits behind at most LARGE_BODIES_AT_ONCE of them. Past the queue the
 * answer is 503 with Kong's `{message}` body and Retry-After, as when a service is busy.
 */
export function largeBodyTurns(app: FastifyInstance): void {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!(declaredLength(request.headers) > LARGE_BODY_BYTES)) return;
    if (active < LARGE_BODIES_AT_ONCE) active++;
    else if (waiting.length >= LARGE_BODIES_WAITING) {
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ message: 'Too many large request bodies at once; try again in a moment.' });
    } else await new Promise<void>((resolve) => waiting.push(resolve));
    // A client gone while it waited: its turn passes on at once.
    if (request.raw.socket.destroyed) return release();
    // 'close' comes once the answer is sent or the client is gone, whichever is first.
    reply.raw.once('close', release);
  });
}
