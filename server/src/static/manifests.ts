import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localizedManifest, manifestPath } from '../../../src/config/served-words.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/i18n/locales.ts';
import { messagesFor } from './catalogs.ts';

/**
 * `/th/manifest.webmanifest` and the other languages' manifests: the built one
 * (public/manifest.webmanifest) with the language's name, description, `lang` and start, which
 * that language's served HTML links (src/config/served-words.ts, ADR 027). Made once at start.
 */
export function manifestRoutes(
  app: FastifyInstance,
  { distDir, siteName }: { distDir: string; siteName: string },
): void {
  const file = path.join(distDir, 'manifest.webmanifest');
  if (!existsSync(file)) return;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const body = JSON.stringify(localizedManifest(manifest, messagesFor(locale), siteName));
    app.get(manifestPath(locale), (_request, reply) =>
      reply
        .header('Content-Type', 'application/manifest+json; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(body),
    );
  }
}
