import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Requests Fastify refuses before any route runs (a malformed percent-escape in the path) get the
 * error body of the API their path names, as on Supabase, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const url = request.raw.url ?? '';
  const message = 'Invalid path specified in request URL';
  if (url.startsWith('/rest/v1'))
    return reply.code(400).send({ code: 'PGRST125', message, details: null, hint: null });
  if (url.startsWith('/auth/v1'))
    return reply.code(400).send({ code: 400, error_code: 'validation_failed', msg: message });
  if (url.startsWith('/functions/v1'))
    return reply.code(400).send({ code: 'BAD_REQUEST', message: error.message });
  // Supabase's gateway (Kong) answers paths it cannot route with this body.
  return reply.code(400).send({ message: 'no Route matched with those values' });
}
