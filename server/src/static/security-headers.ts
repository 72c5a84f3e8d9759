import { createHash } from 'node:crypto';

/** The text of every inline `<script>` (one without `src`) in a page. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => match[1]!,
  );
}

/**
 * Headers for one of the app's HTML pages (Lighthouse's best-practices "trust and safety" checks):
 * scripts only from this origin plus the page's own inline scripts by hash (the runtime config,
 * which differs per stack, so the hash is taken from the page as served), no plugins, no <base>
 * hijacking, no framing (clickjacking), a window of its own (COOP). Styles are not restricted:
 * React and Radix set inline styles.
 */
export function pageSecurityHeaders(html: string): Record<string, string> {
  const hashes = inlineScripts(html).map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
  // Beside a hash, 'unsafe-inline' is ignored by every browser that knows hashes (CSP 2); only
  // older ones fall back to it, and they would otherwise refuse the runtime config and break.
  const inline = hashes.length > 0 ? [...hashes, "'unsafe-inline'"] : [];
  return {
    'Content-Security-Policy': [
      ["script-src 'self'", ...inline].join(' '),
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** HSTS means something only over HTTPS, i.e. behind a TLS proxy (TRUST_PROXY) in production. */
export const hsts = 'max-age=31536000; includeSubDomains';
