import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { objectField, parseBody, stringField } from './body.ts';
import { AuthError, badRequest } from './errors.ts';
import type { AuthLimits } from './limits.ts';
import { assertMetadataBounds } from './metadata.ts';
import { requestIp } from './request-ip.ts';
import { startSession } from './sessions.ts';
import { assertPasswordAcceptable, createUser } from './users.ts';
import { resolveRedirect, validateEmail } from './validate.ts';

const STRUCT = 'SignupParams';

/**
 * POST /signup (signup.go). With auto-confirm, as under `supabase start`, a new account is
 * confirmed at once and signed in: the answer is a session. Checks run in GoTrue's order, so
 * the first problem reported is the one GoTrue would report.
 */
export function signupHandler(ctx: StackContext, limits: AuthLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    limits.attemptFromIp(requestIp(ctx, request));
    const body = parseBody(request.body, STRUCT);
    const email = stringField(body, 'email', STRUCT);
    const phone = stringField(body, 'phone', STRUCT);
    const password = stringField(body, 'password', STRUCT);
    const data = objectField(body, 'data', STRUCT);
    // api.go: no email and no phone is an anonymous sign-in, off in config.toml.
    if (email === '' && phone === '') {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }

    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    assertPasswordAcceptable(password);
    if (email !== '' && phone !== '') {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    // Only the email provider is enabled (supabase/config.toml has no SMS provider).
    if (email === '' && phone !== '')
      throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (email === '')
      throw badRequest('validation_failed', 'Sign up only available with email provider');
    const normalized = validateEmail(email);
    limits.signupForEmail(normalized);

    // Where a confirmation link would lead (`emailRedirectTo`): only an allowed URL, otherwise
    // the site (utilities/request.go GetReferrer). Auto-confirm sends no email, so it is only checked.
    const query = request.query as Record<string, unknown>;
    const redirectTo = resolveRedirect(
      ctx.config.siteUrl,
      ctx.config.additionalRedirectUrls,
      typeof query.redirect_to === 'string' ? query.redirect_to : undefined,
    );
    request.log.debug({ redirectTo }, 'auth: sign-up redirect');

    assertMetadataBounds(data);
    const user = await createUser(ctx.pools.auth, {
      email: normalized,
      password,
      userMetadata: data,
    });
    const session = await startSession(ctx, user, clientInfo(request));
    return reply.code(200).send(session);
  };
}

export function clientInfo(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}
