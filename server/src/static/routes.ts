import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRoutePaths } from '../../../src/config/page-meta.ts';
import { injectRuntimeConfig } from '../../../src/config/runtime-config.ts';
import type { StackContext } from '../context.ts';
import { readBuildInfo, siteIdentity, withPageMeta } from './page-meta.ts';
import { routePreloads } from './route-preloads.ts';
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
  html: string;
  headers: Record<string, string>;
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { html, headers }: Page,
  status: number,
) {
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', hsts);
  return reply
    .code(status)
    .headers(headers)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send(html);
}

/** The built app (`dist/`): hashed assets cached forever, everything compressed. */
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
  // today); it adds no script, so the security headers are the template's.
  const page =
    (template: string, notFound = false) =>
    (request: FastifyRequest): Page => ({
      html: withPageMeta(template, site, request.url, context.config.timezone, { notFound }),
      headers,
    });
  const notFoundPage = page(html, true);

  await app.register(compress, { threshold: 1024 });
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
        hashed
          ? 'public, max-age=31536000, immutable'
          : worker
            ? 'no-cache'
            : 'public, max-age=300',
      );
    },
  });
  const preloads = routePreloads(distDir);
  for (const route of appRoutePaths) {
    const routePage = page(html.replace('</head>', () => `${preloads.get(route) ?? ''}</head>`));
    app.get(route, (request, reply) => sendPage(request, reply, routePage(request), 200));
  }
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
