import { current } from '@/i18n/i18n';
import type { MessageId } from '@/shared/i18n/messages';
import { otherAuthError } from '@/lib/auth-error-message';

type AuthErrorLike = { code?: unknown; name?: unknown; status?: unknown };

/**
 * The auth server's answers to a code, enrolment or removal, in words an admin can act on. The
 * codes are GoTrue's (supabase/auth internal/api/errorcodes.go), which auth-js passes on as
 * `error.code`; a limit may arrive as 429 without one (older servers, a proxy).
 */
const SENTENCES: Record<string, MessageId> = {
  mfa_verification_failed: 'admin.mfa.failed',
  mfa_verification_rejected: 'admin.mfa.rejected',
  mfa_challenge_expired: 'admin.mfa.expired',
  // A challenge is spent once: a second verification of it (a double submit) lands here, as
  // does a change of network between the two requests of challengeAndVerify.
  mfa_ip_address_mismatch: 'admin.mfa.ipMismatch',
  over_request_rate_limit: 'admin.mfa.tooMany',
  too_many_requests: 'admin.mfa.tooMany',
  mfa_factor_not_found: 'admin.mfa.notFound',
  mfa_factor_name_conflict: 'admin.mfa.nameConflict',
  too_many_enrolled_mfa_factors: 'admin.mfa.tooManyFactors',
  insufficient_aal: 'admin.mfa.aal',
  mfa_totp_enroll_not_enabled: 'admin.mfa.disabled',
  mfa_totp_verify_not_enabled: 'admin.mfa.disabled',
  session_not_found: 'admin.mfa.sessionEnded',
  // The session's token no longer stands for a session or a user (signed out elsewhere, removed).
  bad_jwt: 'admin.mfa.sessionEnded',
  no_authorization: 'admin.mfa.sessionEnded',
  user_not_found: 'admin.mfa.sessionEnded',
  AuthSessionMissingError: 'admin.mfa.sessionEnded',
};

/** Anything else: the server's words on an English page, a sentence in the page's language on the others. */
export function mfaErrorMessage(error: unknown): string {
  const { code, name, status } = (error ?? {}) as AuthErrorLike;
  const i18n = current();
  if (typeof code === 'string' && Object.hasOwn(SENTENCES, code)) return i18n._(SENTENCES[code]!);
  if (typeof name === 'string' && Object.hasOwn(SENTENCES, name)) return i18n._(SENTENCES[name]!);
  if (status === 429) return i18n._('admin.mfa.tooMany');
  return otherAuthError(error);
}

/** Six digits, as authenticator apps show them; the spaces some put in the middle are dropped. */
export function cleanCode(typed: string): string | null {
  const code = typed.replace(/\s/g, '');
  return /^[0-9]{6}$/.test(code) ? code : null;
}
