import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { parseBody, stringField } from './body.ts';
import { badRequest } from './errors.ts';
import { recoveryMail } from './mail.ts';
import { assertSentLongEnoughAgo, type MailLimits } from './mail-limits.ts';
import { atRest, generateOtp, tokenHash } from './otp.ts';
import { authSettings } from './settings.ts';
import { type AuthUser, findUserByEmail } from './users.ts';
import { resolveRedirect, validateEmail } from './validate.ts';
import { verifyLink } from './verify-link.ts';

const STRUCT = 'RecoverParams';

/**
 * POST /recover (recover.go): mails a recovery link and code. An unknown address gets the same
 * empty 200 as a known one, so the endpoint does not tell who has an account.
 */
export function recoverHandler(ctx: StackContext, limits: MailLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parseBody(request.body, STRUCT);
    const email = stringField(body, 'email', STRUCT);
    if (email === '') throw badRequest('validation_failed', 'Password recovery requires an email');
    const normalized = validateEmail(email);
    limits.mailSent();
    const user = await findUserByEmail(ctx.pools.auth, normalized);
    if (!user || user.deleted_at) return reply.code(200).send({});
    const query = request.query as Record<string, unknown>;
    const redirectTo = resolveRedirect(
      ctx.config.siteUrl,
      ctx.config.additionalRedirectUrls,
      typeof query.redirect_to === 'string' ? query.redirect_to : undefined,
    );
    await sendRecovery(ctx, user, redirectTo);
    return reply.code(200).send({});
  };
}

/** Stores a fresh recovery token (hashed) and mails its link and code. */
export async function sendRecovery(
  ctx: StackContext,
  user: AuthUser,
  redirectTo: string,
): Promise<void> {
  const settings = authSettings(ctx);
  assertSentLongEnoughAgo(user.recovery_sent_at, settings.maxFrequencySeconds);
  const email = user.email ?? '';
  const otp = generateOtp(settings.otpLength);
  const hash = tokenHash(email, otp);
  await ctx.pools.auth.query(
    `update "auth"."users" set "recovery_token" = $2, "recovery_sent_at" = now(), "updated_at" = now()
      where "id" = $1`,
    [user.id, atRest(hash)],
  );
  ctx.mail.add(recoveryMail(email, verifyLink(ctx, hash, 'recovery', redirectTo), otp));
}
