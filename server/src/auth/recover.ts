import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { parseBody, stringField } from './body.ts';
import { badRequest } from './errors.ts';
import { recoveryMail } from './mail.ts';
import { templatedRecoveryMail } from './mail-templates.ts';
import type { AuthLimits } from './limits.ts';
import { type MailLimits, sentLongEnoughAgo } from './mail-limits.ts';
import { requestIp } from './request-ip.ts';
import { atRest, generateOtp, tokenHash } from './otp.ts';
import { authSettings } from './settings.ts';
import { type AuthUser, findUserByEmail } from './users.ts';
import { resolveRedirect, validateEmail } from './validate.ts';
import { verifyLink } from './verify-link.ts';

const STRUCT = 'RecoverParams';

/**
 * POST /recover (recover.go): mails a recovery link and code. Every address gets the same empty
 * 200 after the same database work (an unknown one, or one mailed within `max_frequency`, runs
 * the token update against no row), so the endpoint does not tell who has an account; only a
 * mail actually sent spends the stack's `email_sent` budget (mail-limits.ts, ADR 019).
 */
export function recoverHandler(ctx: StackContext, limits: MailLimits, authLimits: AuthLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    authLimits.recoverFromIp(requestIp(ctx, request));
    const body = parseBody(request.body, STRUCT);
    const email = stringField(body, 'email', STRUCT);
    if (email === '') throw badRequest('validation_failed', 'Password recovery requires an email');
    const normalized = validateEmail(email);
    limits.assertCanSend();
    const user = await findUserByEmail(ctx.pools.auth, normalized);
    const settings = authSettings(ctx);
    const sends =
      user !== null &&
      !user.deleted_at &&
      sentLongEnoughAgo(user.recovery_sent_at, settings.maxFrequencySeconds);
    if (!sends || !user) {
      await storeRecoveryToken(ctx, NO_USER, '');
      return reply.code(200).send({});
    }
    const query = request.query as Record<string, unknown>;
    const redirectTo = resolveRedirect(
      ctx.config.siteUrl,
      ctx.config.additionalRedirectUrls,
      typeof query.redirect_to === 'string' ? query.redirect_to : undefined,
    );
    limits.mailSent();
    await sendRecovery(ctx, user, redirectTo);
    limits.codeIssued(normalized);
    return reply.code(200).send({});
  };
}

/** An id no account has: the update that stands in for a mail not sent. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

async function storeRecoveryToken(ctx: StackContext, userId: string, stored: string) {
  await ctx.pools.auth.query(
    `update "auth"."users" set "recovery_token" = $2, "recovery_sent_at" = now(), "updated_at" = now()
      where "id" = $1`,
    [userId, stored],
  );
}

/** Stores a fresh recovery token (hashed) and mails its link and code. */
export async function sendRecovery(
  ctx: StackContext,
  user: AuthUser,
  redirectTo: string,
): Promise<void> {
  const settings = authSettings(ctx);
  const email = user.email ?? '';
  const otp = generateOtp(settings.otpLength);
  const hash = tokenHash(email, otp);
  await storeRecoveryToken(ctx, user.id, atRest(hash));
  const link = verifyLink(ctx, hash, 'recovery', redirectTo);
  // The project's template when config.toml names one (the visitor's language, ADR 027).
  const templated = templatedRecoveryMail(ctx, email, {
    SiteURL: ctx.config.siteUrl,
    ConfirmationURL: link,
    Email: email,
    Token: otp,
    TokenHash: hash,
    Data: user.raw_user_meta_data ?? {},
    RedirectTo: redirectTo,
  });
  ctx.mail.add(templated ?? recoveryMail(email, link, otp));
}
