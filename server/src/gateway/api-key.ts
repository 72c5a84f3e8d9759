import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The gateway in front of every Supabase API (Kong's key-auth plugin) admits a request only with a
 * project API key, from the `apikey` header or query parameter. Its bodies are Kong's, not the
 * API's: `{"message":"No API key found in request"}` / `{"message":"Invalid API key"}`, both 401.
 */
/**
 * The CLI's kong.yml serves a few auth routes without key-auth (`auth-v1-open`): a link in an
 * e-mail is opened by a browser that has no key to send.
 */
const OPEN_ROUTES = /^\/auth\/v1\/verify(\?|$)/;

export function apiKeyGate(validKeys: () => readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (OPEN_ROUTES.test(request.url)) return;
    const header = request.headers.apikey;
    const query = (request.query as Record<string, unknown> | undefined)?.apikey;
    const key = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
    if (key === undefined) {
      await reply.code(401).send({ message: 'No API key found in request' });
    } else if (!validKeys().includes(key)) {
      await reply.code(401).send({ message: 'Invalid API key' });
    }
  };
}
