import { config } from '@/config/env';

export interface PageMetaProps {
  /** The page's own name; the title becomes `{title} | {site name}`. */
  title: string;
  description: string;
  /** Path (and query) of the canonical URL, e.g. `/history?date=2024-05-01`. */
  path: string;
  /** For pages that must stay out of search results (404, admin, auth). */
  noIndex?: boolean;
}

export function pageTitle(title: string): string {
  return `${title} | ${config.siteName}`;
}

/**
 * React 19 hoists <title>, <meta> and <link> rendered anywhere into <head>, and removes them when
 * the page unmounts, so each page declares its own.
 */
export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const fullTitle = pageTitle(title);
  const url = `${config.siteUrl}${path}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noIndex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={config.siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={`${config.siteUrl}/og-image.png`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={`${config.siteUrl}/og-image.png`} />
    </>
  );
}
