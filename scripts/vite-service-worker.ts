import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, type Plugin, type Rolldown } from 'vite';

/** Public files the offline shell shows (the rest, like the large icons, load when asked). */
const PUBLIC_SHELL = ['/favicon.svg', '/manifest.webmanifest'];

/** Lazy pages that need a connection anyway (signing in, the admin's writes): not kept offline. */
const ONLINE_ONLY = /\/src\/features\/(admin|auth)\//;

/** The chunks the pages request after the first paint: the full client and the reader (ADR 028). */
const CLIENTS = ['src/lib/supabase-client.ts', 'src/lib/reader-client.ts'];

/**
 * The files the public site needs offline: the entry and everything it imports, statically or
 * lazily (the grid, draw, check and stats pages, the calendar, the verification), except the pages
 * in ONLINE_ONLY; the Supabase client chunks it requests after the first paint (ADR 007, 028); and the
 * stylesheets. So a page or a row link tapped offline opens, from the results last read or saying
 * it cannot read them, rather than failing to download its code (issue 28).
 */
export function shellFiles(bundle: Rolldown.OutputBundle): string[] {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const output = bundle[fileName];
    if (!output || files.has(fileName)) return;
    if (
      output.type === 'chunk' &&
      output.facadeModuleId &&
      ONLINE_ONLY.test(output.facadeModuleId)
    ) {
      return;
    }
    files.add(fileName);
    if (output.type === 'chunk') [...output.imports, ...output.dynamicImports].forEach(add);
  };
  for (const output of Object.values(bundle)) {
    if (output.type === 'asset') {
      if (output.fileName.endsWith('.css')) files.add(output.fileName);
    } else if (
      output.isEntry ||
      output.moduleIds.some((id) => CLIENTS.some((client) => id.endsWith(client)))
    ) {
      add(output.fileName);
    }
  }
  return [...files].sort().map((fileName) => `/${fileName}`);
}

/**
 * Writes dist/sw.js from src/pwa/service-worker.js with this build's hash and app shell, so a
 * deploy is a new worker with new caches (docs/decisions/015); and points index.html's feed links
 * at the Supabase project a build names (VITE_SUPABASE_URL), where the function runs.
 */
export function serviceWorker({ template = 'src/pwa/service-worker.js' } = {}): Plugin {
  let root = '';
  let supabaseUrl: string | undefined;
  return {
    name: 'lotto24-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      supabaseUrl = loadEnv(config.mode, config.root, 'VITE_').VITE_SUPABASE_URL?.replace(
        /\/+$/,
        '',
      );
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type === 'asset' && typeof page.source === 'string' && supabaseUrl) {
        page.source = page.source.replaceAll(
          'href="/functions/v1/results-feed',
          `href="${supabaseUrl}/functions/v1/results-feed`,
        );
      }
      const precache = [...shellFiles(bundle), ...PUBLIC_SHELL];
      const source = readFileSync(path.join(root, template), 'utf8');
      const hash = createHash('sha256').update(source);
      for (const name of Object.keys(bundle).sort()) hash.update(`\0${name}`);
      if (page?.type === 'asset') hash.update(page.source);
      for (const file of PUBLIC_SHELL) hash.update(readFileSync(path.join(root, 'public', file)));
      const build = hash.digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source:
          `const BUILD = ${JSON.stringify(build)};\n` +
          `const PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}
