import type { StackContext } from '../context.ts';
import { emailChangeMail } from './mail.ts';
import { assertSentLongEnoughAgo, type MailLimits } from './mail-limits.ts';
import { atRest, generateOtp, tokenHash } from './otp.ts';
import { authSettings } from './settings.ts';
import type { AuthUser } from './users.ts';
import { verifyLink } from './verify-link.ts';

/**
 * mail.go EmailChangeMail: a link and code to the new address and, with `double_confirm_changes`,
 * another to the current one; the address changes once the link(s) are followed (verify.ts).
 */
export async function sendEmailChange(
  ctx: StackContext,
  limits: MailLimits,
  user: AuthUser,
  newEmail: string,
  redirectTo: string,
): Promise<void> {
  const settings = authSettings(ctx);
  assertSentLongEnoughAgo(user.email_change_sent_at, settings.maxFrequencySeconds);
  const current = user.email ?? '';
  const both = settings.doubleConfirmChanges && current !== '';
  limits.mailSent(both ? 2 : 1);
  limits.codeIssued(newEmail);
  if (both) limits.codeIssued(current);
  const otpNew = generateOtp(settings.otpLength);
  const hashNew = tokenHash(newEmail, otpNew);
  const otpCurrent = generateOtp(settings.otpLength);
  const hashCurrent = tokenHash(current, otpCurrent);
  await ctx.pools.auth.query(
    `update "auth"."users"
        set "email_change" = $2, "email_change_token_new" = $3, "email_change_token_current" = $4,
            "email_change_confirm_status" = 0, "email_change_sent_at" = now(), "updated_at" = now()
      where "id" = $1`,
    [user.id, newEmail, atRest(hashNew), both ? atRest(hashCurrent) : ''],
  );
  ctx.mail.add(
    emailChangeMail(
      newEmail,
      current,
      newEmail,
      verifyLink(ctx, hashNew, 'email_change', redirectTo),
      otpNew,
    ),
  );
  if (both) {
    ctx.mail.add(
      emailChangeMail(
        current,
        current,
        newEmail,
        verifyLink(ctx, hashCurrent, 'email_change', redirectTo),
        otpCurrent,
      ),
    );
  }
}
