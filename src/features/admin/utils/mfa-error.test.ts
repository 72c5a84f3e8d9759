import { describe, expect, it } from 'vitest';
import { cleanCode, mfaErrorMessage } from './mfa-error';

describe('mfaErrorMessage', () => {
  it('tells a wrong code from a spent one and from too many attempts', () => {
    expect(mfaErrorMessage({ code: 'mfa_verification_failed', status: 422 })).toMatch(/not right/);
    expect(mfaErrorMessage({ code: 'mfa_verification_rejected', status: 422 })).toMatch(
      /used already/,
    );
    expect(mfaErrorMessage({ code: 'mfa_ip_address_mismatch', status: 422 })).toMatch(
      /already used/,
    );
    expect(mfaErrorMessage({ code: 'over_request_rate_limit', status: 429 })).toMatch(
      /Too many attempts/,
    );
    expect(mfaErrorMessage({ status: 429, message: 'rate limited' })).toMatch(/Too many/);
  });

  it('says an ended session in words, whichever way the server put it', () => {
    for (const code of ['session_not_found', 'bad_jwt', 'no_authorization', 'user_not_found']) {
      expect(mfaErrorMessage({ code, status: 401, message: 'x' })).toMatch(/session has ended/);
    }
    expect(mfaErrorMessage({ name: 'AuthSessionMissingError' })).toMatch(/session has ended/);
    expect(mfaErrorMessage({ code: 'toString', message: 'Boom' })).toBe('Boom');
  });

  it('passes on the server words it has no sentence for, and names a lost connection', () => {
    expect(mfaErrorMessage({ code: 'unexpected', message: 'Boom' })).toBe('Boom');
    expect(mfaErrorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach/);
    expect(mfaErrorMessage(undefined)).toBe('Something went wrong');
  });
});

describe('cleanCode', () => {
  it('takes six digits, spaces allowed, and nothing else', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(cleanCode(' 654321 ')).toBe('654321');
    expect(cleanCode('12345')).toBeNull();
    expect(cleanCode('1234567')).toBeNull();
    expect(cleanCode('12a456')).toBeNull();
  });
});
