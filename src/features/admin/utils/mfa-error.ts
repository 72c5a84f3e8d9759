type AuthErrorLike = { code?: unknown; status?: unknown; message?: unknown };

/**
 * The auth server's answers to a code, enrolment or removal, in words an admin can act on. The
 * codes are GoTrue's (supabase/auth internal/api/errorcodes.go), which auth-js passes on as
 * `error.code`; a limit may arrive as 429 without one (older servers, a proxy).
 */
const SENTENCES: Record<string, string> = {
  mfa_verification_failed:
    'That code is not right. Type the 6 digits your authenticator app shows now: each code lasts 30 seconds.',
  mfa_verification_rejected:
    'That code was refused: it may have been used already. Wait for the next code and type it.',
  mfa_challenge_expired: 'The code took too long to check. Type the code your app shows now.',
  // A challenge is spent once: a second verification of it (a double submit) lands here, as
  // does a change of network between the two requests of challengeAndVerify.
  mfa_ip_address_mismatch:
    'That code was already used or your network changed. Wait for the next code and type it.',
  over_request_rate_limit: 'Too many attempts. Wait a minute, then type the code your app shows.',
  too_many_requests: 'Too many attempts. Wait a minute, then type the code your app shows.',
  mfa_factor_not_found: 'This authenticator is no longer on your account. Reload the page.',
  mfa_factor_name_conflict: 'You already have an authenticator with this name. Choose another.',
  too_many_enrolled_mfa_factors:
    'Your account has as many authenticators as it may. Remove one before adding another.',
  insufficient_aal: 'Confirm with your authenticator code first.',
  mfa_totp_enroll_not_enabled: 'Authenticator apps are turned off on this server.',
  mfa_totp_verify_not_enabled: 'Authenticator apps are turned off on this server.',
  session_not_found: 'Your session has ended. Please log in again.',
};

export function mfaErrorMessage(error: unknown): string {
  const { code, status, message } = (error ?? {}) as AuthErrorLike;
  if (typeof code === 'string' && code in SENTENCES) return SENTENCES[code]!;
  if (status === 429) return SENTENCES.over_request_rate_limit!;
  const text = typeof message === 'string' ? message : '';
  if (/failed to fetch|networkerror|load failed/i.test(text)) {
    return 'Could not reach the server. Check your connection and try again.';
  }
  return text || 'Something went wrong';
}

/** Six digits, as authenticator apps show them; the spaces some put in the middle are dropped. */
export function cleanCode(typed: string): string | null {
  const code = typed.replace(/\s/g, '');
  return /^[0-9]{6}$/.test(code) ? code : null;
}
