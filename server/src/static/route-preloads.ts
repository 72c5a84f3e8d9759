import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { partOfPath, type CatalogPart } from '../../../src/shared/i18n/catalog-parts.ts';
import { paths } from '../../../src/shared/config/paths.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../src/shared/i18n/locales.ts';

const reader = 'src/lib/app-reader.ts';

/**
 * What each route's first render imports beyond the entry, as Vite's manifest names it: its lazy
 * page (src/app/router.tsx) and what that page asks for at once. The grid, Check and Stats read
 * through the anonymous reader as they open (their days, `?n=`, the period's figures); a
 * published draw's page shows its verification (src/app/draw-route.tsx), read the same way, and
 * its largest paint is that panel's verdict. Without these, each was one more round trip after
 * the page's own chunk had run. Today and History carry their rows in the page and load the
 * reader after it paints; auth and admin read through the full client, which loads after the
 * first paint too (src/lib/supabase.ts).
 */
const firstRender: Record<string, { modules: string[]; part?: CatalogPart }> = {
  [paths.grid.path]: { modules: ['src/features/grid/grid-page.tsx', reader] },
  [paths.check.path]: { modules: ['src/features/check/check-page.tsx', reader] },
  [paths.stats.path]: { modules: ['src/features/stats/stats-page.tsx', reader] },
  [paths.draw.path]: {
    modules: [
      'src/app/draw-route.tsx',
      'src/features/verify/components/draw-verification.tsx',
      reader,
    ],
    part: 'verify',
  },
  [paths.auth.path]: { modules: ['src/features/auth/auth-page.tsx'] },
  [paths.admin.path]: { modules: ['src/features/admin/admin-page.tsx'] },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function closure(manifest: Manifest, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** Vite's build manifest (`build.manifest`), or undefined when the build has none. */
export function readManifest(distDir: string): Manifest | undefined {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** The chunk files a lazily imported module (a manifest key) needs beyond the first load's. */
export function chunksBeyondFirstLoad(manifest: Manifest, source: string): string[] {
  const firstLoad = closure(manifest, 'index.html');
  return [...closure(manifest, source)].filter((chunk) => !firstLoad.has(chunk));
}

/**
 * The catalog parts a page's first render waits for in `locale` (src/main.tsx activates them
 * before it renders, ADR 027): the language's core part unless it is English's, which is in the
 * first load, and the page's own part. As the build's manifest names them.
 */
export function catalogChunks(manifest: Manifest, route: string, locale: Locale): string[] {
  const parts = [
    locale === DEFAULT_LOCALE ? null : 'core',
    partOfPath(route),
    firstRender[route]?.part,
  ];
  return parts.flatMap((part) => {
    const chunk = part && manifest[`src/i18n/catalogs/${locale}.json?lingui&part=${part}`];
    return chunk ? [chunk.file] : [];
  });
}

// The font packages whose files src/i18n/fonts.css names, per language that needs one.
const fontPackages: Partial<Record<Locale, string>> = {
  th: 'node_modules/@fontsource/noto-sans-thai/',
  lo: 'node_modules/@fontsource/noto-sans-lao/',
};

/** The font files a Thai or Lao page renders with (the app waits for them: src/i18n/fonts.ts). */
export function fontFiles(manifest: Manifest, locale: Locale): string[] {
  const prefix = fontPackages[locale];
  if (!prefix) return [];
  return Object.entries(manifest)
    .filter(([key]) => key.startsWith(prefix) && key.endsWith('.woff2'))
    .map(([, chunk]) => chunk.file);
}

/**
 * The preload tags of a route in a language: its lazy page's chunks, the catalog parts its first
 * render waits for and, in Thai and Lao, their font's files. A visitor who lands on /th/stats
 * downloads them beside the entry rather than after it has run: one round trip less before the
 * page can render. Empty when the build has no manifest.
 */
export function routePreloads(distDir: string): (route: string, locale: Locale) => string {
  const manifest = readManifest(distDir);
  if (!manifest) return () => '';
  return (route, locale) => {
    const modules = firstRender[route]?.modules ?? [];
    const chunks = new Set(modules.flatMap((module) => chunksBeyondFirstLoad(manifest, module)));
    return [...chunks, ...catalogChunks(manifest, route, locale)]
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
      .concat(
        fontFiles(manifest, locale).map(
          (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`,
        ),
      )
      .join('');
  };
}
