import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  appRoutePaths,
  drawMeta,
  type PageMetaContent,
} from '../../../src/shared/config/page-meta.ts';
import { paths } from '../../../src/shared/config/paths.ts';
import { drawAddressOfPath, paddedDrawAddressOfPath } from '../../../src/shared/draw-address.ts';
import { isPublished } from '../../../src/shared/lottery-clock.ts';
import { injectRuntimeConfig } from '../../../src/shared/config/runtime-config.ts';
import {
  DEFAULT_LOCALE,
  LOCALES,
  localizedPath,
  splitLocalePath,
  type Locale,
} from '../../../src/shared/i18n/locales.ts';
import { messagesFor } from './catalogs.ts';
import type { StackContext } from '../context.ts';
import { drawPrizeLookup } from './draw-meta.ts';
import { IMMUTABLE, serveHashedAssets } from './hashed-assets.ts';
import { withDrawImage } from './og-image/draw-image-meta.ts';
import { drawImageRoutes } from './og-image/routes.ts';
import {
  localizedPage,
  pageMetaTags,
  readBuildInfo,
  servedMeta,
  siteIdentity,
} from './page-meta.ts';
import { followResultsChanges } from './results-changes.ts';
import { pageEncoder } from './page-bytes.ts';
import { pageTemplate, type PageTemplate } from './page-template.ts';
import { routePreloads } from './route-preloads.ts';
import {
  dayResultsLookup,
  servedDate,
  wantsRows,
  servedResultsTag,
  type ServedDay,
} from './served-results.ts';
import { hsts, pageSecurityHeaders } from './security-headers.ts';

/**
 * index.html with the stack's runtime config, so one build serves any stack: the app then talks
 * to the origin it was loaded from.
 */
function withRuntimeConfig(html: string, context: StackContext): string {
  return injectRuntimeConfig(html, {
    supabaseAnonKey: context.keys.anon,
    lotteryTimezone: context.config.timezone,
    siteUrl: context.config.siteUrl,
  });
}

interface Page {
  /** Its route's HTML in its language, and what this page adds to it. */
  template: PageTemplate;
  meta: string;
  rows: string;
  headers: Record<string, string>;
  /**
   * Which page it is, whatever else its address holds: its language, its canonical address, and
   * whether it carries its day's rows. The addresses of one page (`/?n=1`, every unknown path's
   * 404) share its compression rather than each pushing another page out (page-bytes.ts).
   */
  key: string;
}

/** The page with its day's rows (ADR 029), when they could be read. */
function withRows(page: Page, day: ServedDay | undefined): Page {
  return day ? { ...page, rows: servedResultsTag(day), key: `${page.key} rows` } : page;
}

// One per http worker: the pages it sends, each compressed once (page-bytes.ts).
const encodePage = pageEncoder();

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { template, meta, rows, headers, key }: Page,
  status: number,
) {
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', hsts);
  const { body, coding } = await encodePage(
    key,
    {
      parts: [meta, rows],
      bytes: () => template.fill({ meta, rows }),
      gzip: () => template.gzip({ meta, rows }),
    },
    request.headers['accept-encoding'],
  );
  if (coding) reply.header('Content-Encoding', coding);
  return reply
    .code(status)
    .headers(headers)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .send(body);
}

/**
 * The built app (`dist/`): hashed assets cached forever. Nothing here is compressed per request:
 * files go as the build compressed them (.br/.gz beside each), pages as compressed once each.
 */
export async function staticRoutes(
  app: FastifyInstance,
  { context }: { context: StackContext },
): Promise<void> {
  const distDir = context.config.distDir;
  if (!distDir) return;
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`No built app in ${distDir}: run \`npm run build\` (npm start does).`);
  }
  const html = withRuntimeConfig(readFileSync(indexFile, 'utf8'), context);
  const build = readBuildInfo(distDir);
  const site = siteIdentity(build, context.config.siteUrl);
  const headers = pageSecurityHeaders(html, { supabaseUrl: build.supabaseUrl });
  // The page's own meta is rendered per request (History's depends on the date asked and on
  // today); it adds no script, so the security headers are the template's. Each language's
  // template is cut when the first page in it is asked for.
  const page = (routeHtml: string, notFound = false) => {
    const templates = new Map<Locale, PageTemplate>();
    const templateIn = (locale: Locale) => {
      let template = templates.get(locale);
      if (!template)
        templates.set(locale, (template = pageTemplate(localizedPage(routeHtml, locale, site))));
      return template;
    };
    return (request: FastifyRequest, meta?: PageMetaContent): Page => {
      const served = servedMeta(request.url, context.config.timezone, { notFound, meta });
      return {
        template: templateIn(served.locale),
        meta: pageMetaTags(site, served),
        rows: '',
        headers,
        key: localizedPath(served.locale, served.meta.path),
      };
    };
  };
  const notFoundPage = page(html, true);

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    // The build writes .br/.gz beside each asset (scripts/vite-precompress.ts).
    preCompressed: true,
    // Vite's build manifest (.vite/) is for this server, not for visitors.
    allowedPath: (pathName) => !pathName.startsWith('/.'),
    setHeaders(reply, file) {
      const hashed = file.startsWith(path.join(distDir, 'assets') + path.sep);
      // The service worker names the build (docs/decisions/015): always revalidated, so a
      // deploy reaches every browser on its next page load.
      const worker = /^sw\.js(\.br|\.gz)?$/.test(path.relative(distDir, file));
      reply.header(
        'Cache-Control',
        hashed ? IMMUTABLE : worker ? 'no-cache' : 'public, max-age=300',
      );
    },
  });
  // The hashed files from memory; everything else, and every other path under /assets/, stays
  // with @fastify/static above (hashed-assets.ts).
  serveHashedAssets(app, distDir);
  const preloads = routePreloads(distDir);
  const drawPrize = drawPrizeLookup(context.pools.rest, context.config.timezone);
  // Today's, History's and a draw page's day travel in the HTML (ADR 029).
  const dayResults = dayResultsLookup(context.pools.rest, context.config.timezone);
  // Kept no longer than the data: dropped after the API's own writes at once, and on any
  // other writer's change when its NOTIFY arrives (results-changes.ts).
  const forget = () => {
    drawPrize.forget();
    dayResults.forget();
  };
  const stopForgetting = context.writes.onWrite(forget);
  const changes = followResultsChanges(context.pools.rest, forget);
  await changes.start();
  context.onClose(async () => {
    stopForgetting();
    await changes.stop();
  });
  const withDay = async (route: string, request: FastifyRequest, page: Page): Promise<Page> => {
    if (!wantsRows(request)) return page;
    const url = new URL(request.url, 'http://stack.invalid');
    const own = splitLocalePath(url.pathname).path;
    const date = servedDate(route, own, url.search, context.config.timezone);
    return date ? withRows(page, await dayResults(date)) : page;
  };
  // Every route in every language: `/history`, `/th/history`, `/th/` (ADR 027).
  for (const route of appRoutePaths) {
    for (const locale of LOCALES) {
      const address = locale === DEFAULT_LOCALE ? route : localizedPath(locale, route);
      const routePage = page(html.replace('</head>', () => `${preloads(route, locale)}</head>`));
      if (route === paths.draw.path) {
        // A draw's preview carries its number, read as anon (draw-meta.ts). An address that names
        // no draw (2026-02-30, hour 24) is the app's 404 page, and never reaches the database.
        app.get(address, async (request, reply) => {
          const url = new URL(request.url, 'http://stack.invalid');
          const { locale, path: own } = splitLocalePath(url.pathname);
          const draw = drawAddressOfPath(own);
          const padded = draw ? null : paddedDrawAddressOfPath(own);
          // `/07` names the 07:30 draw unmistakably: its one address, as the app's link writes it.
          if (padded)
            return reply.redirect(
              localizedPath(locale, paths.draw.getHref(padded.date, padded.hour)) + url.search,
              301,
            );
          if (!draw) return sendPage(request, reply, notFoundPage(request), 404);
          // A future day has no published rows: its page is served without a list.
          const date = wantsRows(request)
            ? servedDate(route, own, '', context.config.timezone)
            : undefined;
          const [prize, day] = await Promise.all([
            drawPrize(draw),
            date ? dayResults(date) : undefined,
          ]);
          const upcoming = !isPublished(draw.date, draw.hour, context.config.timezone);
          const meta = withDrawImage(
            drawMeta(draw, prize, upcoming, messagesFor(locale)),
            draw,
            prize,
            messagesFor(locale),
          );
          return sendPage(request, reply, withRows(routePage(request, meta), day), 200);
        });
        continue;
      }
      if (route === paths.home.path || route === paths.history.path) {
        app.get(address, async (request, reply) =>
          sendPage(request, reply, await withDay(route, request, routePage(request)), 200),
        );
        continue;
      }
      app.get(address, (request, reply) => sendPage(request, reply, routePage(request), 200));
    }
  }
  // Thai Today has one address, `/th/`, as its links, canonical and hreflang write it.
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    app.get(`/${locale}`, (request, reply) => {
      const { search } = new URL(request.url, 'http://stack.invalid');
      return reply.redirect(`${localizedPath(locale, '/')}${search}`, 301);
    });
  }
  // Each draw's preview image, read through the same lookup (and its bounds) as its page.
  drawImageRoutes(app, { distDir, timeZone: context.config.timezone, lookup: drawPrize });
  app.get('/index.html', (_request, reply) => reply.redirect('/', 301));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(request, reply, notFoundPage(request), 404);
    // Supabase's gateway (Kong) answers unknown paths with this body.
    return reply.code(404).send({ message: 'no Route matched with those values' });
  });
}
