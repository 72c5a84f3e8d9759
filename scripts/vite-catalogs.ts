import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { CATALOG_PARTS, partsOf } from '../src/shared/i18n/catalog-parts.ts';

const query = /\?lingui(?:&part=([a-z]+))?$/;
const loadersId = 'virtual:lingui-parts';

/**
 * `import { messages } from './catalogs/th.json?lingui&part=grid'`: the catalog's messages of
 * one part (src/shared/i18n/catalog-parts.ts) compiled to Lingui's runtime form at build time, so the
 * browser ships no message parser and each page only its own words (ADR 027). What
 * @lingui/vite-plugin does (its v6 needs Node 22, this machine runs 20), plus the parts.
 * `virtual:lingui-parts` exports `loadPart(locale, part)`: one lazy chunk per language and part.
 * A message that does not compile fails the build, naming its id.
 */
export function compiledCatalogs(catalogDir = path.resolve('src/i18n/catalogs')): Plugin {
  return {
    name: 'lotto24-compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === loadersId) return `\0${loadersId}`;
      const match = query.exec(source);
      if (!match) return null;
      const file = source.slice(0, match.index);
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      return resolved ? `${resolved.id}${match[0]}` : null;
    },
    load(id) {
      if (id === `\0${loadersId}`) return loadersModule(catalogDir);
      const match = query.exec(id);
      if (!match) return null;
      const file = id.slice(0, match.index);
      this.addWatchFile(file);
      return compiledModule(file, match[1]);
    },
  };
}

function compiledModule(file: string, part: string | undefined): string {
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) {
    if (part && !partsOf(key).includes(part as never)) continue;
    try {
      compiled[key] = compileMessage(message);
    } catch (error) {
      throw new Error(`${file}: message "${key}" does not compile: ${String(error)}`);
    }
  }
  const code = [`export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`];
  // Another language's core names its own other parts, so the first load's table names only
  // English's parts and each language's core: a dozen chunk names, not fifty.
  if (part === 'core' && !file.endsWith(`${path.sep}en.json`))
    code.push(`export const loadPart = (part) => (${partTable(file, true)})[part]();`);
  return code.join('\n');
}

/** `{ grid: () => import('/…/th.json?lingui&part=grid'), … }`, core included or not. */
function partTable(file: string, withoutCore: boolean): string {
  const parts = CATALOG_PARTS.filter((part) => !withoutCore || part !== 'core');
  const imports = parts.map(
    (part) => `${part}: () => import(${JSON.stringify(`${file}?lingui&part=${part}`)})`,
  );
  return `{ ${imports.join(', ')} }`;
}

function loadersModule(catalogDir: string): string {
  const file = (locale: string) => `${path.join(catalogDir, locale)}.json`;
  const others = readdirSync(catalogDir)
    .filter((name) => name.endsWith('.json') && name !== 'en.json')
    .map((name) => name.slice(0, -'.json'.length));
  const cores = others.map(
    (locale) => `${locale}: () => import(${JSON.stringify(`${file(locale)}?lingui&part=core`)})`,
  );
  // English's core is in the first load, imported statically (src/i18n/catalogs.ts).
  return [
    `const en = ${partTable(file('en'), true)};`,
    `const cores = { ${cores.join(', ')} };`,
    'export const loadPart = (locale, part) =>',
    "  locale === 'en' ? en[part]() : part === 'core' ? cores[locale]()",
    '    : cores[locale]().then((core) => core.loadPart(part));',
  ].join('\n');
}
