import { createElement } from 'react';
import { config } from '@/config/env';
import { metaTags } from '@/shared/config/meta-tags';
import type { PageMetaContent } from '@/shared/config/page-meta';

export type PageMetaProps = Omit<PageMetaContent, 'noIndex'> & { noIndex?: boolean };

const site = () => ({ name: config.siteName, url: config.siteUrl });

/**
 * React 19 hoists <title>, <meta> and <link> rendered anywhere into <head>, and removes them when
 * the page unmounts, so each page declares its own. The tags are the ones the stack serves in
 * the page's HTML (src/shared/config/meta-tags.ts), so a crawler and a browser see the same.
 */
export function PageMeta({ noIndex = false, ...meta }: PageMetaProps) {
  return (
    <>
      {metaTags({ ...meta, noIndex }, site()).map(({ tag, attributes, text }) =>
        createElement(
          tag,
          { key: `${tag}:${Object.values(attributes).join(' ')}`, ...attributes },
          text,
        ),
      )}
    </>
  );
}
