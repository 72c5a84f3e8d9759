import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers that carry a token or user data must not be kept by any cache (GoTrue's token and user
 * answers; a signed-in caller's REST rows, which row-level security chose for that caller). An
 * anon REST read is public data and stays cacheable, as PostgREST leaves it (it sets no
 * Cache-Control); so is the anon key's: only another Authorization marks a per-user answer.
 */
export function noStoreFor(prefix: string, anonKey: () => string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (prefix === '/auth/v1') {
      reply.header('cache-control', 'no-store');
      return;
    }
    const auth = request.headers.authorization;
    const bearer = typeof auth === 'string' ? auth.replace(/^bearer\s+/i, '') : '';
    if (bearer !== '' && bearer !== anonKey()) reply.header('cache-control', 'no-store');
  };
}
