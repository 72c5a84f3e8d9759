import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { parseBody, stringField } from './body.ts';
import { normalizeEmail } from './email.ts';
import { AuthError, badRequest, emailExists, forbidden } from './errors.ts';
import type { MailLimits } from './mail-limits.ts';
import { tokenHash } from './otp.ts';
import { startSession } from './sessions.ts';
import { authSettings } from './settings.ts';
import { clientInfo } from './signup.ts';
import { findUserById, isBanned } from './users.ts';
import { isRedirectUrlValid } from './validate.ts';
import { withFragment } from './verify-link.ts';
import { requestIp } from './request-ip.ts';
import {
  spendCodesOf,
  spendEmailChange,
  spendRecovery,
  type VerifyOutcome,
} from './verify-tokens.ts';

/** verify.go's types; this stack issues only recovery and e-mail change tokens. */
const TYPES = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']);
const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const HASH = /^[0-9a-f]{56}$/;

const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

function assertType(type: string): void {
  if (!TYPES.has(type)) throw badRequest('validation_failed', 'Unsupported verification type');
}

async function spend(ctx: StackContext, type: string, hash: string): Promise<VerifyOutcome> {
  if (!HASH.test(hash)) return { kind: 'invalid' };
  const settings = authSettings(ctx);
  if (type === 'recovery') return spendRecovery(ctx.pools.auth, hash, settings.otpExpirySeconds);
  if (type === 'email_change') {
    try {
      return await spendEmailChange(
        ctx.pools.auth,
        hash,
        settings.otpExpirySeconds,
        settings.doubleConfirmChanges,
      );
    } catch (error) {
      // Another account took the address between the request and the confirmation.
      if ((error as { code?: string }).code === '23505') throw emailExists();
      throw error;
    }
  }
  return { kind: 'invalid' };
}

async function sessionFor(ctx: StackContext, request: FastifyRequest, userId: string) {
  const user = await findUserById(ctx.pools.auth, userId);
  if (!user) throw expired();
  // verify.go: a banned account's link is spent but signs nobody in.
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return startSession(ctx, user, clientInfo(request));
}

/**
 * GET /verify, the link in the mail (verify.go verifyGet, implicit flow): redirects (303) to
 * `redirect_to` with the session in the fragment, which supabase-js reads on load and announces
 * as PASSWORD_RECOVERY; a spent, expired or forged link redirects with the error instead.
 */
export function verifyGetHandler(ctx: StackContext, limits: MailLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    limits.verifyFromIp(requestIp(ctx, request));
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : '');
    const type = text('type');
    const token = text('token');
    if (token === '')
      throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    assertType(type);
    const wanted = text('redirect_to');
    const { siteUrl, additionalRedirectUrls } = ctx.config;
    const redirectTo =
      wanted && isRedirectUrlValid(siteUrl, additionalRedirectUrls, wanted) ? wanted : siteUrl;
    const outcome = await spend(ctx, type, token);
    if (outcome.kind === 'invalid') {
      return reply.redirect(
        withFragment(redirectTo, {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        303,
      );
    }
    if (outcome.kind === 'first_of_two') {
      return reply.redirect(withFragment(redirectTo, { message: SINGLE_CONFIRMATION }), 303);
    }
    let session;
    try {
      session = await sessionFor(ctx, request, outcome.userId);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const values = { error: 'access_denied', error_code: error.errorCode };
      return reply.redirect(
        withFragment(redirectTo, { ...values, error_description: error.message }),
        303,
      );
    }
    return reply.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      }),
      303,
    );
  };
}

/** POST /verify (verifyPost): `token_hash`, or the code with its `email`; answers the session. */
export function verifyPostHandler(ctx: StackContext, limits: MailLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    limits.verifyFromIp(requestIp(ctx, request));
    const struct = 'VerifyParams';
    const body = parseBody(request.body, struct);
    const type = stringField(body, 'type', struct);
    const token = stringField(body, 'token', struct);
    const givenHash = stringField(body, 'token_hash', struct);
    const email = stringField(body, 'email', struct);
    const phone = stringField(body, 'phone', struct);
    if (token === '' && givenHash === '') {
      throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    }
    assertType(type);
    if (phone !== '')
      throw badRequest('validation_failed', 'Only an email address is supported on verify');
    if (givenHash === '' && email === '') {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    const hash = givenHash !== '' ? givenHash : tokenHash(normalizeEmail(email), token.trim());
    const outcome = await spend(ctx, type, hash);
    if (outcome.kind === 'invalid') {
      // A wrong code for an address: after MAX_CODE_ATTEMPTS its pending codes die (mail-limits.ts).
      if (givenHash === '' && limits.codeFailed(email)) {
        await spendCodesOf(ctx.pools.auth, normalizeEmail(email));
      }
      throw expired();
    }
    if (outcome.kind === 'first_of_two') {
      return reply.code(200).send({ msg: SINGLE_CONFIRMATION, code: 200 });
    }
    return reply.code(200).send(await sessionFor(ctx, request, outcome.userId));
  };
}
