// The words only the served HTML and the platform show, never the running app: the noscript
// line, the feeds' link titles, the web app manifest, a draw preview's alt text (ADR 027). Their
// messages (`served.*`) are in no catalog part, so no browser downloads them; the stack and the
// build read the whole catalogs. English pages are served as index.html has them.
import { DEFAULT_LOCALE, LANGUAGE_TAGS, localizedPath, manifestPath } from '../i18n/locales.ts';
import type { Messages } from '../i18n/messages.ts';
import { escapeHtml } from '../escape-html.ts';

/**
 * index.html in `t`'s language: the noscript line, the feeds' titles and addresses
 * (`&lang=th`, supabase/functions/results-feed) and the manifest link. English is untouched.
 */
export function localizeServedHtml(html: string, t: Messages, site: string): string {
  const locale = t.locale;
  if (locale === DEFAULT_LOCALE) return html;
  const feedTitle = {
    rss: t._('served.feedRss', { site }),
    json: t._('served.feedJson', { site }),
  };
  return html
    .replace(/<noscript>[^<]*<\/noscript>/, () => {
      return `<noscript>${escapeHtml(t._('served.noscript', { site }))}</noscript>`;
    })
    .replace(
      /(<link\s+rel="alternate"\s+type="[^"]+"\s+title=")[^"]*("\s+href="[^"]*results-feed\?format=(rss|json))"/g,
      (_all, head: string, middle: string, format: 'rss' | 'json') =>
        `${head}${escapeHtml(feedTitle[format])}${middle}&amp;lang=${locale}"`,
    )
    .replace('href="/manifest.webmanifest"', () => `href="${manifestPath(locale)}"`);
}

/**
 * The web app manifest of a language: its name, description and `lang`, and the language's
 * Today as start (its own id, so each language installs as its own app); the rest is the site's.
 */
export function localizedManifest(
  manifest: Record<string, unknown>,
  t: Messages,
  site: string,
): Record<string, unknown> {
  const locale = t.locale;
  if (locale === DEFAULT_LOCALE) return manifest;
  const start = localizedPath(locale, '/');
  return {
    ...manifest,
    id: start,
    name: t._('served.manifestName', { site }),
    description: t._('served.manifestDescription', { site }),
    lang: LANGUAGE_TAGS[locale],
    start_url: start,
  };
}

/** A draw preview image's alt text: `Draw 07:30 on 23 November 2026: first prize 0042`. */
export const drawImageAlt = (t: Messages, name: string, prize: string): string =>
  t._('served.drawImageAlt', { name, prize });
