import type { FastifyReply, FastifyRequest } from 'fastify';

/** Connection-level headers belong to this hop, not to the function (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * The Fastify request as the WHATWG Request a Deno.serve handler receives: same method, the
 * headers as sent (raw pairs, so repeated headers survive), and the body's raw bytes.
 */
export function toWebRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, raw[i + 1]!);
  }
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : null,
  });
}

/** Sends a WHATWG Response through Fastify: status, headers (every Set-Cookie) and body bytes. */
export async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  head: boolean,
): Promise<void> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    // Fastify frames the body itself; Set-Cookie is added one by one below.
    if (name === 'content-length' || name === 'set-cookie' || HOP_BY_HOP.has(name)) return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body =
    head || response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  await reply.send(body);
}
