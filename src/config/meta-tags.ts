import type { PageMetaContent } from './page-meta';

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

export function fullTitle(title: string, site: SiteIdentity): string {
  return `${title} | ${site.name}`;
}

/** Title, description, canonical, Open Graph and Twitter tags of one page. */
export function metaTags(meta: PageMetaContent, site: SiteIdentity): MetaTag[] {
  const title = fullTitle(meta.title, site);
  const url = `${site.url}${meta.path}`;
  const image = `${site.url}/og-image.png`;
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
    ...(meta.noIndex ? [named('robots', 'noindex')] : []),
    property('og:type', 'website'),
    property('og:site_name', site.name),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:image', image),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
  ];
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => escapes[char]!);

/**
 * The tags as HTML, each marked `data-served` so the app removes them before it renders its
 * own (React adds head elements beside existing ones rather than adopting them).
 */
export function metaTagsHtml(tags: MetaTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      const open = `<${tag} data-served${attrs}>`;
      return tag === 'title' ? `${open}${escapeHtml(text ?? '')}</title>` : open;
    })
    .join('');
}

/** Called once before the app's first render. */
export function removeServedMeta(head: HTMLElement = document.head): void {
  head.querySelectorAll('[data-served], title').forEach((element) => element.remove());
}
