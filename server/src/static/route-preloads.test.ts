import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/shared/config/paths.ts';
import { routePreloads } from './route-preloads.ts';

/** A build's manifest: the entry, a draw page, its verification, the reader, catalogs, fonts. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  'src/app/draw-route.tsx': { file: 'assets/draw-route-1.js', imports: ['index.html'] },
  'src/features/verify/components/draw-verification.tsx': {
    file: 'assets/draw-verification-1.js',
    imports: ['index.html', '_runtime.js'],
  },
  'src/lib/app-reader.ts': { file: 'assets/app-reader-1.js', imports: ['_supabase-data.js'] },
  '_supabase-data.js': { file: 'assets/supabase-data-1.js', imports: ['index.html'] },
  'src/i18n/catalogs/en.json?lingui&part=draw': { file: 'assets/en-draw.js' },
  'src/i18n/catalogs/en.json?lingui&part=verify': { file: 'assets/en-verify.js' },
  'src/i18n/catalogs/lo.json?lingui&part=core': { file: 'assets/lo-core.js' },
  'src/i18n/catalogs/lo.json?lingui&part=draw': { file: 'assets/lo-draw.js' },
  'src/i18n/catalogs/lo.json?lingui&part=verify': { file: 'assets/lo-verify.js' },
  'node_modules/@fontsource/noto-sans-lao/files/noto-sans-lao-lao-400-normal.woff2': {
    file: 'assets/lao-400.woff2',
  },
  'node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2': {
    file: 'assets/thai-400.woff2',
  },
};

const dist = mkdtempSync(path.join(tmpdir(), 'lotto24-preloads-'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const hrefs = (tags: string) => [...tags.matchAll(/<link rel="([a-z]+)"[^>]* href="([^"]+)">/g)];

describe('what a served page names for its first render', () => {
  const preloads = routePreloads(dist);

  it("a draw page: its chunk, its verification's and the reader's, their words", () => {
    expect(hrefs(preloads(paths.draw.path, 'en')).map((match) => match[2])).toEqual([
      '/assets/draw-route-1.js',
      '/assets/draw-verification-1.js',
      '/assets/app-reader-1.js',
      '/assets/supabase-data-1.js',
      '/assets/en-draw.js',
      '/assets/en-verify.js',
    ]);
  });

  it('Stats: the reader its figures are read with', () => {
    expect(hrefs(preloads(paths.stats.path, 'en')).map((match) => match[2])).toEqual([
      '/assets/app-reader-1.js',
      '/assets/supabase-data-1.js',
    ]);
  });

  it("in Lao, also Lao's core words and its font's files, and no other language's", () => {
    const tags = hrefs(preloads(paths.draw.path, 'lo'));
    expect(tags.filter((match) => match[1] === 'preload').map((match) => match[2])).toEqual([
      '/assets/lao-400.woff2',
    ]);
    expect(tags.map((match) => match[2])).toEqual(
      expect.arrayContaining(['/assets/lo-core.js', '/assets/lo-draw.js', '/assets/lo-verify.js']),
    );
    expect(preloads(paths.home.path, 'lo')).toContain('as="font" type="font/woff2" crossorigin');
  });

  // Today carries its rows in the page; its reader comes after the first paint (src/lib/supabase.ts).
  it('nothing for English Today, and nothing at all without a manifest', () => {
    expect(preloads(paths.home.path, 'en')).toBe('');
    expect(routePreloads(path.join(dist, 'missing'))(paths.draw.path, 'en')).toBe('');
  });
});
