import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `.br` and `.gz` beside every compressible file of the build and of `public/` (the feeds'
 * stylesheet), at the highest levels, so the local stack serves them as they are
 * (`@fastify/static`'s `preCompressed`) instead of compressing the same bytes on every request.
 * Hosts that compress on their own ignore them.
 */
export function precompress({ minBytes = 1024 } = {}): Plugin {
  let publicDir: string | undefined;
  const compress = (file: string) => {
    const bytes = readFileSync(file);
    if (bytes.length < minBytes) return;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  };
  return {
    name: 'lotto24-precompress',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir || undefined;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      // Vite has copied public/ into the output by now: its files, as they are there.
      const copied =
        publicDir && existsSync(publicDir)
          ? readdirSync(publicDir, { recursive: true, encoding: 'utf8' })
          : [];
      for (const fileName of [...Object.keys(bundle), ...copied]) {
        const file = path.join(outDir, fileName);
        if (compressible.test(fileName) && existsSync(file)) compress(file);
      }
    },
  };
}
