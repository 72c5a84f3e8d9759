import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '../../../src/shared/config/paths.ts';

/** The lazy page of each route (src/app/router.tsx), as Vite's manifest names it. */
const lazyPages: Record<string, string> = {
  [paths.grid.path]: 'src/features/grid/grid-page.tsx',
  [paths.draw.path]: 'src/app/draw-route.tsx',
  [paths.check.path]: 'src/features/check/check-page.tsx',
  [paths.stats.path]: 'src/features/stats/stats-page.tsx',
  [paths.auth.path]: 'src/features/auth/auth-page.tsx',
  [paths.admin.path]: 'src/features/admin/admin-page.tsx',
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
 * `<link rel="modulepreload">` tags per route for its lazy page's chunks, so a visitor who lands
 * on /admin downloads them beside the entry rather than after it has run (one round trip less
 * before the page can render). Empty when the build has no manifest.
 */
export function routePreloads(distDir: string): Map<string, string> {
  const manifest = readManifest(distDir);
  const preloads = new Map<string, string>();
  if (!manifest) return preloads;
  for (const [route, source] of Object.entries(lazyPages)) {
    preloads.set(
      route,
      chunksBeyondFirstLoad(manifest, source)
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
        .join(''),
    );
  }
  return preloads;
}
