import { gzipTemplate, type GzipTemplate } from '../lib/gzip-template.ts';

/** What a page adds to its route's HTML: its meta tags and, on pages that show a day, its rows. */
export interface PageHoles {
  meta: string;
  rows: string;
}

export interface PageTemplate {
  /** The page's bytes with its own parts in place. */
  fill(holes: PageHoles): Buffer;
  /** The same page as gzip, the route's HTML compressed once (gzip-template.ts). */
  gzip(holes: PageHoles): Buffer;
}

const servedTitle = /<title data-served>[^<]*<\/title>/;
const appRoot = '<div id="root">';

/**
 * A route's HTML as bytes, cut once where each page's own parts go: the meta replaces index.html's
 * bare `<title data-served>` (or goes before `</head>`), the rows go before the app's root. A page
 * is then its parts (a few KB) and one copy of the rest, where building it as a string and
 * encoding that took 80 µs of a 48 KB page: a stranger asking for thousands of distinct pages
 * (`/check?n=0000` to `9999`) kept the http worker's loop busy with it (docs/benchmarks.md). HTML
 * without such a place (a bare test page) is served without that part.
 */
export function pageTemplate(html: string): PageTemplate {
  const title = servedTitle.exec(html);
  const headEnd = html.indexOf('</head>');
  const hasMeta = title !== null || headEnd >= 0;
  const [metaFrom, metaTo] = title
    ? [title.index, title.index + title[0].length]
    : [Math.max(headEnd, 0), Math.max(headEnd, 0)];
  const root = html.indexOf(appRoot, metaTo);
  const hasRows = root >= 0;
  const rowsAt = hasRows ? root : html.length;
  const [beforeMeta, beforeRows, fromRoot] = [
    html.slice(0, metaFrom),
    html.slice(metaTo, rowsAt),
    html.slice(rowsAt),
  ].map((piece) => Buffer.from(piece)) as [Buffer, Buffer, Buffer];
  const holes = ({ meta, rows }: PageHoles): [Buffer, Buffer] => [
    Buffer.from(hasMeta ? meta : ''),
    Buffer.from(hasRows ? rows : ''),
  ];
  // Compressed when first asked for: most pages are compressed whole and kept (page-bytes.ts).
  let gzipped: GzipTemplate | undefined;
  return {
    fill: (parts) => {
      const [meta, rows] = holes(parts);
      return Buffer.concat([beforeMeta, meta, beforeRows, rows, fromRoot]);
    },
    gzip: (parts) =>
      (gzipped ??= gzipTemplate([beforeMeta, beforeRows, fromRoot])).fill(holes(parts)),
  };
}
