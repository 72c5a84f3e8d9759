import { current } from '@/i18n/i18n';
import type { MessageId, MessageValues } from '@/shared/i18n/messages';

type AuthErrorLike = { code?: unknown; name?: unknown; message?: unknown };

/**
 * One answer of the auth server an account form can get: its code (supabase/auth
 * internal/api/errorcodes.go, passed on by auth-js as `error.code`; auth-js's own errors by
 * `name`) and, where one code has several sentences, the sentence's shape, whose groups are the
 * message's values. The English catalog keeps the sentence exactly as the server sends it (the
 * local stack's server/src/auth, hosted GoTrue's where only it says something), so English pages
 * read as they always did.
 */
interface Answer {
  code: string;
  id: MessageId;
  shape?: RegExp;
}

const ANSWERS: Answer[] = [
  // Sign-in (token.ts) and sign-up (signup.ts, users.ts).
  { code: 'invalid_credentials', id: 'account.error.invalidCredentials' },
  { code: 'email_not_confirmed', id: 'account.error.emailNotConfirmed' },
  { code: 'user_banned', id: 'account.error.userBanned', shape: /^User is banned$/ },
  { code: 'user_already_exists', id: 'account.error.userExists' },
  { code: 'email_exists', id: 'account.error.emailExists' },
  // Hosted GoTrue with sign-ups off (signup.go); the local stack always allows them.
  { code: 'signup_disabled', id: 'account.error.signupDisabled', shape: /^Signups not allowed/ },
  // The stack's minimum (password-rules.ts); hosted projects may ask for kinds of characters too.
  {
    code: 'weak_password',
    id: 'account.error.weakPassword',
    shape: /^Password should be at least (?<length>\d+) characters\.$/,
  },
  {
    code: 'validation_failed',
    id: 'account.error.passwordTooLong',
    shape: /^Password cannot be longer than 72 characters$/,
  },
  {
    code: 'validation_failed',
    id: 'account.error.passwordRequired',
    shape: /^Signup requires a valid password$/,
  },
  {
    code: 'validation_failed',
    id: 'account.error.emailInvalid',
    shape: /^Unable to validate email address: invalid format$/,
  },
  {
    code: 'validation_failed',
    id: 'account.error.emailTooLong',
    shape: /^An email address is too long$/,
  },
  // Limits: GoTrue's bare sentence, or the stack's with the wait (limits.ts, mail-limits.ts).
  {
    code: 'over_request_rate_limit',
    id: 'account.error.rateLimitWait',
    shape:
      /^Request rate limit reached: please wait (?<count>\d+) (?<unit>second|minute)s? before trying again\.$/,
  },
  {
    code: 'over_request_rate_limit',
    id: 'account.error.rateLimit',
    shape: /^Request rate limit reached$/,
  },
  {
    code: 'over_email_send_rate_limit',
    id: 'account.error.emailWait',
    shape: /^For security purposes, you can only request this after (?<seconds>\d+) seconds\.$/,
  },
  {
    code: 'over_email_send_rate_limit',
    id: 'account.error.emailRateLimit',
    shape: /^Email rate limit exceeded$/,
  },
  // A password change (update-user.ts) after the session ended elsewhere, or with none.
  { code: 'same_password', id: 'account.error.samePassword' },
  { code: 'reauthentication_needed', id: 'account.error.reauthenticationNeeded' },
  {
    code: 'session_not_found',
    id: 'account.error.sessionNotFound',
    shape: /^Session from session_id claim in JWT does not exist$/,
  },
  {
    code: 'user_not_found',
    id: 'account.error.userNotFound',
    shape: /^User from sub claim in JWT does not exist$/,
  },
  { code: 'AuthSessionMissingError', id: 'account.error.sessionMissing' },
];

/**
 * A code whose sentence was not one of the above: English pages show the server's own words; the
 * others a sentence of this kind in their language, never English.
 */
const KINDS: Record<string, MessageId> = {
  validation_failed: 'account.error.invalidInput',
  weak_password: 'account.error.weakPasswordOther',
  over_request_rate_limit: 'account.error.rateLimit',
  over_email_send_rate_limit: 'account.error.emailRateLimit',
};

/** The answer `error` is, with its values read from the server's sentence; null if none. */
export function knownAnswer(error: unknown): { id: MessageId; values: MessageValues } | null {
  const { code, name, message } = (error ?? {}) as AuthErrorLike;
  const text = typeof message === 'string' ? message : '';
  for (const answer of ANSWERS) {
    if (answer.code !== code && answer.code !== name) continue;
    const match = answer.shape ? answer.shape.exec(text) : null;
    if (answer.shape && !match) continue;
    const values: MessageValues = {};
    for (const [key, value] of Object.entries(match?.groups ?? {})) {
      values[key] = key === 'count' ? Number(value) : value;
    }
    return { id: answer.id, values };
  }
  return null;
}

/**
 * What no sentence above covers: a lost connection in words; on an English page the server's
 * sentence as it came; on any other a sentence in its language naming the code (for whoever
 * helps), never English alone.
 */
export function otherAuthError(error: unknown): string {
  const i18n = current();
  const { code, message } = (error ?? {}) as AuthErrorLike;
  const text = typeof message === 'string' ? message : '';
  // auth-js reports a network failure as its own AuthRetryableFetchError: `Failed to fetch`.
  if (/failed to fetch|networkerror|load failed/i.test(text)) return i18n._('account.unreachable');
  if (i18n.locale === 'en') return text || i18n._('error.title');
  if (typeof code === 'string' && Object.hasOwn(KINDS, code)) return i18n._(KINDS[code]!);
  if (typeof code === 'string' && /^[a-z0-9_]{1,64}$/.test(code)) {
    return i18n._('account.error.other', { code });
  }
  return i18n._('error.title');
}

/** The Error toast's sentence for a failed sign-in, sign-up, reset or password change. */
export function authErrorMessage(error: unknown): string {
  const known = knownAnswer(error);
  return known ? current()._(known.id, known.values) : otherAuthError(error);
}
