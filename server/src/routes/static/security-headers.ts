/**
 * Headers for the app's HTML pages (Lighthouse's best-practices "trust and safety" checks): no
 * framing (clickjacking), no plugins, no <base> hijacking, a window of its own (COOP).
 *
 * The CSP has no script-src yet: a hash of the runtime-config script would fit every stack, but
 * the end-to-end suite injects axe-core as an inline script (Playwright's addScriptTag), which it
 * would block. Adding `script-src 'self' 'sha256-…'` needs that suite to load axe differently first.
 */
export const pageSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** HSTS means something only over HTTPS, i.e. behind a TLS proxy (TRUST_PROXY) in production. */
export const hsts = 'max-age=31536000; includeSubDomains';
