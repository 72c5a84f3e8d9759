import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, type Plugin } from 'vite';
import { messagesFor } from '../server/src/static/catalogs.ts';
import { localizedManifest } from '../src/shared/config/served-words.ts';
import { DEFAULT_LOCALE, LOCALES, manifestPath } from '../src/shared/i18n/locales.ts';

/** Each language's manifest as the build writes it: `th/manifest.webmanifest` and its JSON. */
export function localizedManifestFiles(
  manifest: Record<string, unknown>,
  siteName: string,
): { fileName: string; source: string }[] {
  return LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => ({
    fileName: manifestPath(locale).slice(1),
    source: JSON.stringify(localizedManifest(manifest, messagesFor(locale), siteName)),
  }));
}

/**
 * Writes each language's web app manifest (`th/manifest.webmanifest`: its name, description,
 * `lang` and start, ADR 027) beside the site's, so any host serves them as files: the stack's
 * served pages link them, and on a static host the app points its manifest link at its
 * language's (src/i18n/i18n-provider.tsx).
 */
export function localizedManifests(): Plugin {
  let siteName = 'Lotto24';
  let publicDir = 'public';
  return {
    name: 'lotto24-localized-manifests',
    apply: 'build',
    configResolved(resolved) {
      // The same name the served pages' meta uses (vite.config.ts's build info, page-meta.ts).
      siteName = loadEnv(resolved.mode, resolved.root, 'VITE_').VITE_SITE_NAME || siteName;
      publicDir = resolved.publicDir;
    },
    generateBundle() {
      const manifest = JSON.parse(
        readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'),
      ) as Record<string, unknown>;
      for (const file of localizedManifestFiles(manifest, siteName))
        this.emitFile({ type: 'asset', ...file });
    },
  };
}
