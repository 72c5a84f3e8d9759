import type { FastifyReply, FastifyRequest } from 'fastify';
import { passwordWeakness, verifyPassword } from '../lib/password.ts';
import type { StackContext } from '../context.ts';
import { parseBody, stringField } from './body.ts';
import { normalizeEmail } from './email.ts';
import { AuthError, badRequest, OAuthError, unprocessable } from './errors.ts';
import type { AuthLimits } from './limits.ts';
import { refreshSession } from './refresh.ts';
import { requestIp } from './request-ip.ts';
import { startSession } from './sessions.ts';
import { clientInfo } from './signup.ts';
import { findUserByEmail, isBanned } from './users.ts';

/** token.go: one message for an unknown email and a wrong password, so neither is revealed. */
const INVALID_LOGIN = 'Invalid login credentials';

/** POST /token?grant_type=password|refresh_token (token.go Token). */
export function tokenHandler(ctx: StackContext, limits: AuthLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const raw = Array.isArray(query.grant_type) ? query.grant_type[0] : query.grant_type;
    const grantType = typeof raw === 'string' ? raw : '';
    if (grantType === 'password') {
      limits.attemptFromIp(requestIp(ctx, request));
      return reply.send(await passwordGrant(ctx, request));
    }
    if (grantType === 'refresh_token') {
      limits.refreshFromIp(requestIp(ctx, request));
      const body = parseBody(request.body, 'RefreshTokenGrantParams');
      const token = stringField(body, 'refresh_token', 'RefreshTokenGrantParams');
      if (token === '') throw new OAuthError('invalid_request', 'refresh_token required');
      return reply.send(await refreshSession(ctx, token, clientInfo(request)));
    }
    // Grants GoTrue has and this stack does not offer, answered as GoTrue does with them off.
    if (grantType === 'pkce') {
      // No PKCE flow ever starts here, so no auth code names a flow state (token.go PKCE).
      throw new AuthError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      );
    }
    if (grantType === 'id_token') {
      throw badRequest('provider_disabled', 'Provider is not enabled');
    }
    if (grantType === 'web3')
      throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
    // GoTrue's own wording, error code included.
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  };
}

async function passwordGrant(ctx: StackContext, request: FastifyRequest) {
  const struct = 'PasswordGrantParams';
  const body = parseBody(request.body, struct);
  // GoTrue lower-cases first (email.ts); there is no per-email lock (limits.ts, ADR 019).
  const email = normalizeEmail(stringField(body, 'email', struct));
  const phone = stringField(body, 'phone', struct);
  const password = stringField(body, 'password', struct);
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (email === '' && phone !== '')
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw badRequest('validation_failed', 'missing email or phone');

  const user = await findUserByEmail(ctx.pools.auth, email);
  // Unknown emails are compared against a dummy hash: the same work, the same answer.
  if (!(await verifyPassword(password, user?.encrypted_password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  // Only reached with the right password, so these reveal nothing to a guesser.
  if (isBanned(user!)) throw badRequest('user_banned', 'User is banned');
  if (!user!.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await startSession(ctx, user!, clientInfo(request));
  // A password that met older rules still signs in, flagged so the app can ask for a new one.
  const weakness = passwordWeakness(password);
  return weakness ? { ...session, weak_password: weakness } : session;
}
