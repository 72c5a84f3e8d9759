import type { FastifyRequest } from 'fastify';
import { type JwtClaims, JwtError, verifyJwt } from '../lib/jwt.ts';
import type { StackContext } from '../context.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { sessionExists } from './sessions.ts';
import { type AuthUser, findUserById, isBanned } from './users.ts';

export interface Authenticated {
  claims: JwtClaims;
  user: AuthUser;
  sessionId: string | null;
}

/** GoTrue's bearerRegexp (api.go): the scheme's first letter in either case, one space, one token. */
const BEARER = /^[Bb]earer (\S+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How golang-jwt words each failure, so messages read like GoTrue's. */
function describe(error: JwtError): string {
  switch (error.reason) {
    case 'expired':
      return 'token has invalid claims: token is expired';
    case 'bad_signature':
      return 'token signature is invalid: signature is invalid';
    case 'bad_alg':
      return `token signature is invalid: ${error.message}`;
    case 'missing_role':
      return 'token has invalid claims: token has no role claim';
    default:
      return `token is malformed: ${error.message}`;
  }
}

/**
 * GoTrue's requireAuthentication (auth.go): a Bearer token (no API-key fallback: /user is
 * about a user), verified HS256, whose `sub` is an existing user and whose `session_id`, if
 * any, is a live session, so a signed-out token stops working here at once.
 */
export async function authenticate(
  ctx: StackContext,
  request: FastifyRequest,
): Promise<Authenticated> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

  let claims: JwtClaims;
  try {
    claims = await verifyJwt(match[1]!, ctx.config.jwtSecret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${describe(error)}`,
    );
  }

  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!UUID.test(claims.sub))
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.pools.auth, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  const sessionId =
    typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  if (sessionId !== null && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID.test(sessionId))
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    if (!(await sessionExists(ctx.pools.auth, sessionId))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}

/** user.go UserGet: the token must be for this API's audience. */
export function assertAudience(claims: JwtClaims, audience: string): void {
  const aud = claims.aud;
  const first = Array.isArray(aud) ? aud[0] : aud;
  if (first !== audience) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
}
