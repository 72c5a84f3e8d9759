import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const suffix = '?lingui';

/**
 * `import { messages } from './catalogs/th.json?lingui'`: the catalog's ICU messages compiled
 * to Lingui's runtime form at build time, so the browser ships no message parser (ADR 027).
 * What @lingui/vite-plugin does; its v6 needs Node 22 (`fs.globSync`), this machine runs 20.
 * A message that does not compile fails the build, naming its id.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'lotto24-compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, {
        skipSelf: true,
      });
      return resolved ? `${resolved.id}${suffix}` : null;
    },
    load(id) {
      if (!id.endsWith(suffix)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(source)) {
        try {
          compiled[key] = compileMessage(message);
        } catch (error) {
          throw new Error(`${file}: message "${key}" does not compile: ${String(error)}`);
        }
      }
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
