import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, localizedPath } from '../i18n/locales.ts';
import type { PageMetaContent, PreviewImage } from './page-meta.ts';
import { escapeHtml } from '../escape-html.ts';

export interface SiteIdentity {
  name: string;
  /** Absolute origin, without a trailing slash. */
  url: string;
}

/** One element of a page's head: React renders it in the app, the stack as HTML text. */
export interface MetaTag {
  tag: 'title' | 'meta' | 'link';
  attributes: Record<string, string>;
  text?: string;
}

/** Open Graph names a locale with an underscore and a territory. */
const OG_LOCALES: Record<keyof typeof LANGUAGE_TAGS, string> = {
  en: 'en_US',
  th: 'th_TH',
  lo: 'lo_LA',
  vi: 'vi_VN',
  zh: 'zh_CN',
  ms: 'ms_MY',
};

export function fullTitle(title: string, site: SiteIdentity): string {
  return `${title} | ${site.name}`;
}

/**
 * Every page's preview image unless its meta names another: public/og-image.png shows the site's
 * balls blank, so it never contradicts a number in a title (scripts/make-og-image.ts).
 */
export const genericPreviewImage = (site: SiteIdentity): PreviewImage => ({
  path: '/og-image.png',
  alt: `${site.name}: hourly lottery results`,
});

/** Title, description, canonical, Open Graph and Twitter tags of one page. */
export function metaTags(meta: PageMetaContent, site: SiteIdentity): MetaTag[] {
  const title = fullTitle(meta.title, site);
  const locale = meta.locale ?? DEFAULT_LOCALE;
  // Each language is its own page (ADR 027): its own canonical, and every language's address
  // as an alternate (the 404 page has no alternates: it is no page to index).
  const url = `${site.url}${localizedPath(locale, meta.path)}`;
  const alternates: MetaTag[] = meta.noIndex
    ? []
    : [
        ...LOCALES.map((other) => ({
          tag: 'link' as const,
          attributes: {
            rel: 'alternate',
            hreflang: LANGUAGE_TAGS[other],
            href: `${site.url}${localizedPath(other, meta.path)}`,
          },
        })),
        {
          tag: 'link',
          attributes: { rel: 'alternate', hreflang: 'x-default', href: `${site.url}${meta.path}` },
        },
      ];
  const preview = meta.image ?? genericPreviewImage(site);
  const image = `${site.url}${preview.path}`;
  const named = (name: string, content: string): MetaTag => ({
    tag: 'meta',
    attributes: { name, content },
  });
  const property = (name: string, content: string): MetaTag => ({
    tag: 'meta',
    attributes: { property: name, content },
  });
  return [
    { tag: 'title', attributes: {}, text: title },
    named('description', meta.description),
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    ...alternates,
    ...(meta.noIndex ? [named('robots', 'noindex')] : []),
    property('og:type', 'website'),
    property('og:site_name', site.name),
    property('og:locale', OG_LOCALES[locale]),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:image', image),
    property('og:image:type', 'image/png'),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    property('og:image:alt', preview.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    named('twitter:image:alt', preview.alt),
  ];
}

/**
 * The tags as HTML, each marked `data-served` so the app removes them before it renders its
 * own (React adds head elements beside existing ones rather than adopting them).
 */
export function metaTagsHtml(tags: MetaTag[]): string {
  // Concatenated in loops: the stack builds this for every page it serves.
  let html = '';
  for (const { tag, attributes, text } of tags) {
    html += `<${tag} data-served`;
    for (const name in attributes) html += ` ${name}="${escapeHtml(attributes[name]!)}"`;
    html += tag === 'title' ? `>${escapeHtml(text ?? '')}</title>` : '>';
  }
  return html;
}

/** Called once before the app's first render. */
export function removeServedMeta(head: HTMLElement = document.head): void {
  head.querySelectorAll('[data-served], title').forEach((element) => element.remove());
}
