import { createHash } from 'node:crypto';

/**
 * The app talks to the origin it was served from ('self' covers ws: and wss: of the same host in
 * CSP Level 3) and, when a build names one, to that Supabase project over HTTPS and its Realtime
 * websocket.
 */
function connectSources(supabaseUrl: string | undefined): string {
  const sources = ["connect-src 'self'"];
  if (supabaseUrl) {
    const url = new URL(supabaseUrl);
    sources.push(url.origin, `${url.protocol === 'http:' ? 'ws:' : 'wss:'}//${url.host}`);
  }
  return sources.join(' ');
}

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
export function pageSecurityHeaders(
  html: string,
  { supabaseUrl }: { supabaseUrl?: string } = {},
): Record<string, string> {
  const hashes = inlineScripts(html).map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
  // Beside a hash, 'unsafe-inline' is ignored by every browser that knows hashes (CSP 2); only
  // older ones fall back to it, and they would otherwise refuse the runtime config and break.
  const inline = hashes.length > 0 ? [...hashes, "'unsafe-inline'"] : [];
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      ["script-src 'self'", ...inline].join(' '),
      // index.html and the build inline their CSS (scripts/vite-inline-css.ts).
      "style-src 'self' 'unsafe-inline'",
      // The social image and the calendar's icons; data: for SVG backgrounds.
      "img-src 'self' data:",
      connectSources(supabaseUrl),
      "form-action 'self'",
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
