import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS as Supabase's gateway answers it: any origin, the headers the browser asks for, and the
 * PostgREST/GoTrue response headers exposed. Preflights end here, before the API-key check,
 * because browsers never send the key on a preflight.
 */
export async function apiCors(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const origin = request.headers.origin;
  reply.header('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) reply.header('Vary', 'Origin');
  reply.header('Access-Control-Allow-Credentials', 'true');
  reply.header(
    'Access-Control-Expose-Headers',
    'Content-Range, Content-Profile, Preference-Applied, X-Total-Count, Location, X-Supabase-Api-Version',
  );
  if (request.method !== 'OPTIONS') return;
  reply.header('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  reply.header(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ??
      'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile',
  );
  reply.header('Access-Control-Max-Age', '3600');
  await reply.code(204).send();
}
