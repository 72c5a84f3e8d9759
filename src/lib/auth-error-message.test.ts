import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { INTL_LOCALES, LOCALES, type Locale } from '@/shared/i18n/locales';
import { authErrorMessage, knownAnswer, otherAuthError } from './auth-error-message';

// What the auth server sends the account forms, code and sentence as written in the local stack
// (server/src/auth: token.ts, signup.ts, users.ts, validate.ts, limits.ts, mail-limits.ts,
// password-rules.ts, update-user.ts, authenticate.ts) and hosted GoTrue (signup.go, the rate
// limiter), and auth-js's own error for a call with no session.
const SENT: { code?: string; name?: string; message: string }[] = [
  { code: 'invalid_credentials', message: 'Invalid login credentials' },
  { code: 'email_not_confirmed', message: 'Email not confirmed' },
  { code: 'user_banned', message: 'User is banned' },
  { code: 'user_already_exists', message: 'User already registered' },
  { code: 'email_exists', message: 'A user with this email address has already been registered' },
  { code: 'signup_disabled', message: 'Signups not allowed for this instance' },
  { code: 'weak_password', message: 'Password should be at least 8 characters.' },
  { code: 'validation_failed', message: 'Password cannot be longer than 72 characters' },
  { code: 'validation_failed', message: 'Signup requires a valid password' },
  { code: 'validation_failed', message: 'Unable to validate email address: invalid format' },
  { code: 'validation_failed', message: 'An email address is too long' },
  {
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached: please wait 5 minutes before trying again.',
  },
  {
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached: please wait 1 minute before trying again.',
  },
  {
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached: please wait 1 second before trying again.',
  },
  {
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached: please wait 30 seconds before trying again.',
  },
  { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
  {
    code: 'over_email_send_rate_limit',
    message: 'For security purposes, you can only request this after 42 seconds.',
  },
  { code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' },
  { code: 'same_password', message: 'New password should be different from the old password.' },
  { code: 'reauthentication_needed', message: 'Password update requires reauthentication' },
  {
    code: 'session_not_found',
    message: 'Session from session_id claim in JWT does not exist',
  },
  { code: 'user_not_found', message: 'User from sub claim in JWT does not exist' },
  { name: 'AuthSessionMissingError', message: 'Auth session missing!' },
];

async function activate(locale: Locale) {
  const catalog = (await import(`../i18n/catalogs/${locale}.json`)) as {
    default: Record<string, string>;
  };
  i18n.load(locale, catalog.default);
  i18n.activate(locale, [INTL_LOCALES[locale]]);
}

afterEach(() => activate('en'));

describe('authErrorMessage', () => {
  it('says on an English page exactly what the server sent, from the catalog', () => {
    for (const error of SENT) {
      expect(knownAnswer(error), error.message).not.toBeNull();
      expect(authErrorMessage(error)).toBe(error.message);
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    'says each in %s, with the numbers the server named',
    async (locale) => {
      await activate(locale);
      const said = SENT.map((error) => authErrorMessage(error));
      said.forEach((text, index) => {
        expect(text, SENT[index]!.message).not.toBe(SENT[index]!.message);
        // Thai, Lao and Chinese sentences have no Latin word in them at all.
        if (['th', 'lo', 'zh'].includes(locale)) expect(text).not.toMatch(/[A-Za-z]/);
      });
      expect(new Set(said).size).toBeGreaterThan(15);
      expect(said[6]).toContain('8');
      expect(said[11]).toContain('5');
      expect(said[16]).toContain('42');
    },
  );

  it('names a lost connection, and keeps the server words for anything else on English pages', () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach/);
    expect(authErrorMessage({ code: 'captcha_failed', message: 'captcha protection' })).toBe(
      'captcha protection',
    );
    expect(authErrorMessage({ code: 'validation_failed', message: 'Invalid role' })).toBe(
      'Invalid role',
    );
    expect(authErrorMessage(undefined)).toBe('Something went wrong');
  });

  it('never shows English alone on another page: a sentence of its kind, or naming the code', async () => {
    await activate('th');
    const kind = authErrorMessage({ code: 'validation_failed', message: 'Invalid role' });
    expect(kind).toBe(i18n._('account.error.invalidInput'));
    const weak = authErrorMessage({
      code: 'weak_password',
      message: 'Password should contain at least one character of each: abc, 123.',
    });
    expect(weak).toBe(i18n._('account.error.weakPasswordOther'));
    const other = otherAuthError({ code: 'captcha_failed', message: 'captcha protection' });
    expect(other).toContain('(captcha_failed)');
    expect(other.replace('captcha_failed', '')).not.toMatch(/[A-Za-z]/);
    // A code that is not one (markup, a sentence) is not repeated.
    expect(otherAuthError({ code: '<b>x</b>', message: 'Boom' })).toBe(i18n._('error.title'));
    expect(otherAuthError({ message: 'Boom' })).toBe(i18n._('error.title'));
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(i18n._('account.unreachable'));
  });
});
