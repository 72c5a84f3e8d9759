import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { globToRegExp, isRedirectUrlValid, resolveRedirect, validateEmail } from './validate.ts';

describe('validateEmail (GoTrue mail.go)', () => {
  it('lower-cases valid addresses', () => {
    expect(validateEmail('Ada.Lovelace+x@Example.COM')).toBe('ada.lovelace+x@example.com');
  });

  it.each([
    ['', 'An email address is required'],
    ['not-an-email', 'Unable to validate email address: invalid format'],
    ['a@b@c', 'Unable to validate email address: invalid format'],
    [' a@example.com', 'Unable to validate email address: invalid format'],
    [`${'a'.repeat(250)}@x.com`, 'An email address is too long'],
  ])('refuses %j', (email, message) => {
    expect(() => validateEmail(email)).toThrow(message);
    try {
      validateEmail(email);
    } catch (error) {
      expect(error).toMatchObject({ status: 400, errorCode: 'validation_failed' });
      expect(error).toBeInstanceOf(AuthError);
    }
  });
});

describe('redirect URLs (GoTrue utilities/request.go IsRedirectURLValid)', () => {
  const site = 'https://lotto24.example';
  const allow = ['https://preview-*.lotto24.example/**', 'myapp://callback'];

  it.each([
    ['https://lotto24.example/auth', true],
    ['https://lotto24.example:8443/auth', false], // another port on the site's host
    ['http://lotto24.example/auth', false], // another scheme
    ['https://preview-42.lotto24.example/a/b', true],
    ['https://preview-42.evil.example/a', false],
    ['https://preview-a.b.lotto24.example/', false], // `*` stops at a dot
    ['myapp://callback', true],
    ['myapp://callback#token', true], // fragments are ignored
    ['https://evil.example/', false],
    ['http://127.0.0.1:9999/cb', true], // loopback is always allowed
    ['http://[::1]:9999/cb', true],
    ['http://10.0.0.1/cb', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['', false],
  ])('%s -> %s', (url, valid) => {
    expect(isRedirectUrlValid(site, allow, url)).toBe(valid);
  });

  it('allows any port when the site is on localhost', () => {
    expect(isRedirectUrlValid('http://localhost:8080', [], 'http://localhost:5173/auth')).toBe(
      true,
    );
  });

  it('falls back to the site URL', () => {
    expect(resolveRedirect(site, allow, 'https://evil.example/')).toBe(site);
    expect(resolveRedirect(site, allow, undefined)).toBe(site);
    expect(resolveRedirect(site, allow, 'myapp://callback')).toBe('myapp://callback');
  });

  it('compiles globs as gobwas/glob with separators . and /', () => {
    expect(globToRegExp('https://*.example.com').test('https://a.example.com')).toBe(true);
    expect(globToRegExp('https://*.example.com').test('https://a.b.example.com')).toBe(false);
    expect(globToRegExp('https://**.example.com').test('https://a.b.example.com')).toBe(true);
    expect(globToRegExp('https://{a,b}.example.com').test('https://b.example.com')).toBe(true);
    expect(globToRegExp('https://x.example.com/?').test('https://x.example.com/1')).toBe(true);
    expect(globToRegExp('https://{a.example.com').test('https://{a.example.com')).toBe(true);
  });
});
