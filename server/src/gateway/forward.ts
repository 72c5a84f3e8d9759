import http from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Requests in flight to the other worker at once; past it, 503 at once. A client's connection
 * count is bounded already (per address, ADR 019), so this bounds what all clients together
 * queue on one socket file, not what one client may ask.
 */
export const MAX_IN_FLIGHT = 256;

/**
 * Connection-level headers belong to this hop (RFC 9110 §7.6.1); the rest travel as sent.
 * `Transfer-Encoding` travels too: Node decodes the chunks it reads and, told by the header,
 * encodes what it writes again, whatever the method (it chunks only some methods by default).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * Raw header pairs minus this hop's, as an object whose repeated names hold arrays: Node writes
 * one line per value (so repeated headers survive) and, given headers as an object, frames the
 * body itself (given a raw array, it would send a chunked body unframed).
 */
function endToEnd(raw: string[]): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    const seen = headers[name];
    const value = raw[i + 1]!;
    // Single values as strings: Node reads Content-Length and Host only in that form.
    headers[name] =
      seen === undefined ? value : [...(Array.isArray(seen) ? seen : [String(seen)]), value];
  }
  return headers;
}

function unavailable(reply: FastifyReply, message: string): void {
  const body = JSON.stringify({ code: 'WORKER_UNAVAILABLE', message });
  reply.raw.writeHead(503, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'retry-after': '1',
    'access-control-allow-origin': '*',
  });
  reply.raw.end(body);
}

/**
 * Every request under this plugin's prefix goes, bytes as they come, to the HTTP server
 * listening on `socketPath` (another worker, ADR 017), and its answer comes back the same way,
 * as Kong forwards to the edge runtime on hosted Supabase. The body is never read here, so a
 * function's work, memory and failures stay in its worker. The prefix stays in the path.
 */
export async function forwardTo(app: FastifyInstance, options: { socketPath: string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  app.addHook('onClose', () => agent.destroy());
  let inFlight = 0;

  // Fastify parses bodies after onRequest: taking the reply there leaves request.raw unread.
  app.addHook('onRequest', async (request, reply) => {
    reply.hijack();
    if (inFlight >= MAX_IN_FLIGHT) {
      unavailable(reply, 'Too many requests in flight to functions; try again.');
      return reply;
    }
    inFlight++;
    let settled = false;
    const settle = () => {
      if (!settled) inFlight--;
      settled = true;
    };
    const upstream = http.request(
      {
        agent,
        socketPath: options.socketPath,
        method: request.raw.method,
        path: request.raw.url,
        headers: endToEnd(request.raw.rawHeaders),
      },
      (answer) => {
        reply.raw.writeHead(answer.statusCode ?? 502, endToEnd(answer.rawHeaders));
        answer.pipe(reply.raw);
        answer.on('end', settle);
        answer.on('error', () => reply.raw.destroy());
      },
    );
    upstream.on('error', () => {
      settle();
      // Down (restarting) before it answered: the client may ask again; after: cut it short.
      if (!reply.raw.headersSent) unavailable(reply, 'Functions are restarting; try again.');
      else reply.raw.destroy();
    });
    // A client gone before the answer ends frees the worker behind at once.
    reply.raw.on('close', () => {
      settle();
      if (!reply.raw.writableFinished) upstream.destroy();
    });
    request.raw.pipe(upstream);
    return reply;
  });
  // Routes for the hook to run on; they never answer themselves.
  app.all('/', () => undefined);
  app.all('/*', () => undefined);
}
