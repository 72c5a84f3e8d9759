import type { FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { JwtError, verifyJwt } from '../lib/jwt.ts';
import { AuthError, forbidden } from './errors.ts';

/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default: the roles the admin API serves. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const BEARER = /^[Bb]earer (\S+)$/;

/**
 * requireAuthentication then requireAdmin (auth.go): a Bearer token signed with the project's
 * secret whose `role` is an admin role. The anon key, a user's token or none are refused with
 * GoTrue's bodies, before anything is read.
 */
export async function requireAdmin(ctx: StackContext, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  let role: unknown;
  try {
    role = (await verifyJwt(match[1]!, ctx.config.jwtSecret)).role;
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature');
  }
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
}
