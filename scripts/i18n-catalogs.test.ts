import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/shared/i18n/locales.ts';

// Paths from the repository root: under jsdom `import.meta.url` is no file URL.
const src = path.resolve('src');
const dir = path.join(src, 'i18n', 'catalogs');
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
const en = read('en');
// The arguments an ICU message names (`{date}`, `{count, plural, ...}`), from Lingui's compiled
// form: a placeholder is `[name]` or `[name, type, branches]`.
function argumentsOf(message: string): Set<string> {
  const names = new Set<string>();
  // A message, and each branch of a plural or select, is a list of text and placeholders.
  const visitParts = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      const branches: unknown = part[2];
      if (branches && typeof branches === 'object') Object.values(branches).forEach(visitParts);
    }
  };
  visitParts(compileMessage(message));
  return names;
}

describe('message catalogs', () => {
  it('has one catalog per language and no other', () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every message of English, no other, each compiling with the same arguments',
    (locale) => {
      const catalog = read(locale);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [id, message] of Object.entries(catalog)) {
        expect(message.trim(), id).not.toBe('');
        expect(() => compileMessage(message), id).not.toThrow();
        expect(argumentsOf(message), id).toEqual(argumentsOf(en[id]!));
      }
    },
  );

  it('uses every English message in the code', () => {
    // Ids appear in the code as `i18n._('id'`, as a typed `label: 'id'`, or as a JSX prop typed
    // MessageId (`heading="notFound.heading"`).
    const source = readdirSync(src, { recursive: true })
      .map(String)
      .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('.test.'))
      .map((file) => readFileSync(path.join(src, file), 'utf8'))
      .join('\n');
    const unused = Object.keys(en).filter(
      (id) => !source.includes(`'${id}'`) && !source.includes(`"${id}"`),
    );
    expect(unused).toEqual([]);
  });
});
