import type { Plugin } from 'vite';

/**
 * Puts the app's stylesheet (one Tailwind file, ~7 KB gzip) inside index.html instead of linking
 * it: the first paint then waits for one request, not two, which on a phone is a round trip. The
 * file stays in `assets/` for anything that links it.
 */
export function inlineCss(): Plugin {
  return {
    name: 'lotto24-inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string') return;
      page.source = page.source.replace(
        /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
        (tag, fileName: string) => {
          const css = bundle[fileName];
          return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : tag;
        },
      );
    },
  };
}
