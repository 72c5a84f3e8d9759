import { createElement } from 'react';
import { createPortal } from 'react-dom';
import { config } from '@/config/env';
import { metaTags } from '@/shared/config/meta-tags';
import type { PageMetaContent } from '@/shared/config/page-meta';

export type PageMetaProps = Omit<PageMetaContent, 'noIndex'> & { noIndex?: boolean };

const site = () => ({ name: config.siteName, url: config.siteUrl });

/**
 * Each page declares its own head tags: rendered into <head>, they go when the page unmounts
 * (React 19 hoisted such tags by itself; Preact does not, so a portal puts them there). The tags
 * are the ones the stack serves in the page's HTML (src/shared/config/meta-tags.ts), so a crawler
 * and a browser see the same.
 */
export function PageMeta({ noIndex = false, ...meta }: PageMetaProps) {
  return createPortal(
    metaTags({ ...meta, noIndex }, site()).map(({ tag, attributes, text }) =>
      createElement(
        tag,
        { key: `${tag}:${Object.values(attributes).join(' ')}`, ...attributes },
        text,
      ),
    ),
    document.head,
  );
}
