import { isIP } from 'node:net';
import { normalizeEmail } from './email.ts';
import { badRequest } from './errors.ts';

/**
 * GoTrue's email check (mail.go validateEmail, with github.com/badoux/checkmail's format
 * regex): required, at most 255 characters, a plausible address; stored lower-cased.
 */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return normalizeEmail(email);
}

const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * An allow-list entry as GoTrue compiles it (gobwas/glob with separators '.' and '/'):
 * `*` and `?` stop at a separator, `**` does not, `{a,b}` is a choice.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else if (char === '{') {
      source += '(?:';
      depth++;
    } else if (char === '}' && depth > 0) {
      source += ')';
      depth--;
    } else if (char === ',' && depth > 0) source += '|';
    else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  // An unclosed `{` is not a glob GoTrue would compile; match it literally rather than throw.
  if (depth > 0) return new RegExp(`^${pattern.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')}$`);
  return new RegExp(`^${source}$`);
}

/**
 * Whether `emailRedirectTo` may be used (utilities/request.go, IsRedirectURLValid): the site
 * itself (same scheme and host; any port on localhost), a loopback address, or a match of an
 * allow-list entry. Anything else falls back to the site URL, as GoTrue does.
 */
export function isRedirectUrlValid(
  siteUrl: string,
  allowList: readonly string[],
  redirectUrl: string,
): boolean {
  if (!redirectUrl) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(siteUrl);
    target = new URL(redirectUrl);
  } catch {
    return false;
  }
  const host = hostnameOf(target);
  if (
    hostnameOf(base) === host &&
    base.protocol === target.protocol &&
    (base.port === target.port || LOCALHOSTS.has(host.toLowerCase()))
  ) {
    return true;
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (/^[0-9]+$/.test(host)) return false;
  if (isIP(host)) return host === '::1' || /^127\./.test(host);
  if (isHttp && !REGULAR_HOSTNAME.test(host)) return false;
  const [withoutFragment] = redirectUrl.split('#');
  return allowList.some((pattern) => globToRegExp(pattern).test(withoutFragment ?? ''));
}

/** The URL a confirmation link would send the user to. */
export function resolveRedirect(
  siteUrl: string,
  allowList: readonly string[],
  requested: string | undefined,
): string {
  return requested && isRedirectUrlValid(siteUrl, allowList, requested) ? requested : siteUrl;
}
