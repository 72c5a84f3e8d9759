import type { StackContext } from '../context.ts';
import { MIN_PASSWORD_LENGTH } from '../lib/password.ts';

/** The `[auth]` values of supabase/config.toml that recovery, e-mail change and PUT /user obey. */
export interface AuthSettings {
  minimumPasswordLength: number;
  /** `double_confirm_changes`: an e-mail change is confirmed from the old and the new address. */
  doubleConfirmChanges: boolean;
  /** `secure_password_change`: a new password needs a fresh sign-in or a reauthentication nonce. */
  securePasswordChange: boolean;
  /** Seconds a link or code stays valid (`otp_expiry`). */
  otpExpirySeconds: number;
  otpLength: number;
  /** Seconds before the same user may be sent another mail of a kind (`max_frequency`). */
  maxFrequencySeconds: number;
  /** E-mails the whole instance may send per hour (`[auth.rate_limit] email_sent`). */
  emailSentPerHour: number;
  /** /verify attempts per IP per 5 minutes (`token_verifications`). */
  tokenVerificationsPer5Min: number;
}

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** A Go duration as the CLI writes them ("1s", "60s", "1m30s"); 0 when absent or unreadable. */
export function goDurationSeconds(value: string | undefined): number {
  if (!value || value.length > 32 || !/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value)) return 0;
  let total = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(amount) * UNIT_SECONDS[unit!]!;
  }
  return total;
}

/** Defaults are the CLI's for an `[auth]` block that leaves a value out. */
export function authSettings(ctx: StackContext): AuthSettings {
  const auth = ctx.config.project.auth ?? {};
  const email = auth.email ?? {};
  const limits = auth.rate_limit ?? {};
  return {
    minimumPasswordLength: auth.minimum_password_length ?? MIN_PASSWORD_LENGTH,
    doubleConfirmChanges: email.double_confirm_changes ?? true,
    securePasswordChange: email.secure_password_change ?? false,
    otpExpirySeconds: email.otp_expiry ?? 3600,
    otpLength: Math.min(10, Math.max(6, email.otp_length ?? 6)),
    maxFrequencySeconds: goDurationSeconds(email.max_frequency ?? '1s'),
    emailSentPerHour: limits.email_sent ?? 2,
    tokenVerificationsPer5Min: limits.token_verifications ?? 30,
  };
}
