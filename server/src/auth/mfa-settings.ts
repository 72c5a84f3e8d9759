import type { StackContext } from '../context.ts';

/**
 * `[auth.mfa]` of supabase/config.toml, with the CLI's defaults for what it leaves out (every
 * factor type off, `max_enrolled_factors = 10`), and GoTrue's fixed values the CLI does not
 * expose (conf/configuration.go MFAConfiguration; GoTrue raises any lower expiry to these).
 */
export interface MfaSettings {
  totpEnroll: boolean;
  totpVerify: boolean;
  phoneEnroll: boolean;
  phoneVerify: boolean;
  webAuthnEnroll: boolean;
  webAuthnVerify: boolean;
  /** Factors of any status a user may hold (`max_enrolled_factors`). */
  maxEnrolledFactors: number;
  /** GOTRUE_MFA_MAX_VERIFIED_FACTORS. */
  maxVerifiedFactors: number;
  /** A challenge older than this cannot be verified (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION). */
  challengeExpirySeconds: number;
  /** An unverified factor without a challenge is deleted after this (FACTOR_EXPIRY_DURATION). */
  factorExpirySeconds: number;
  /** Challenges and verifications per IP and minute (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY). */
  challengeAndVerifyPerMinute: number;
}

/** The CLI refuses a value past this; a stranger never sets it, but it bounds a typo. */
const MAX_ENROLLED_CAP = 100;

export function mfaSettings(ctx: StackContext): MfaSettings {
  const mfa = ctx.config.project.auth?.mfa ?? {};
  const maxEnrolled = Number(mfa.max_enrolled_factors ?? 10);
  return {
    totpEnroll: mfa.totp?.enroll_enabled ?? false,
    totpVerify: mfa.totp?.verify_enabled ?? false,
    phoneEnroll: mfa.phone?.enroll_enabled ?? false,
    phoneVerify: mfa.phone?.verify_enabled ?? false,
    webAuthnEnroll: mfa.web_authn?.enroll_enabled ?? false,
    webAuthnVerify: mfa.web_authn?.verify_enabled ?? false,
    maxEnrolledFactors: Number.isFinite(maxEnrolled)
      ? Math.min(MAX_ENROLLED_CAP, Math.max(0, Math.floor(maxEnrolled)))
      : 10,
    maxVerifiedFactors: 10,
    challengeExpirySeconds: 300,
    factorExpirySeconds: 300,
    challengeAndVerifyPerMinute: ctx.config.rateLimits.mfaPerMinute ?? 15,
  };
}
