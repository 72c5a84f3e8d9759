import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The lazy page of each route (src/app/router.tsx), as Vite's manifest names it. */
const lazyPages: Record<string, string> = {
  '/auth': 'src/features/auth/auth-page.tsx',
  '/admin': 'src/features/admin/admin-page.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

function closure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * `<link rel="modulepreload">` tags per route for its lazy page's chunks, so a visitor who lands
 * on /admin downloads them beside the entry rather than after it has run (one round trip less
 * before the page can render). Empty when the build has no manifest.
 */
export function routePreloads(distDir: string): Map<string, string> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  const preloads = new Map<string, string>();
  if (!existsSync(file)) return preloads;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const firstLoad = closure(manifest, 'index.html');
  for (const [route, source] of Object.entries(lazyPages)) {
    const files = [...closure(manifest, source)].filter((chunk) => !firstLoad.has(chunk));
    preloads.set(
      route,
      files.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`).join(''),
    );
  }
  return preloads;
}
