import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkBudget, type Budget, type ChunkInfo } from './bundle-budget.ts';

// Random bytes do not compress, so a chunk of n random bytes weighs about n gzipped.
const chunk = (fileName: string, size: number, parts: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  css: [],
  bytes: randomBytes(size),
  ...parts,
});

const budget: Budget = {
  firstLoadJs: 10_000,
  firstLoadCss: 2_000,
  wholeLoadJs: 40_000,
  lazy: { 'admin code': /src\/features\/admin\// },
  startup: [/supabase-client\.ts$/],
  publicPages: { pages: /grid-page\.tsx$/, never: { 'class merging': /tailwind-merge/ } },
};

const app = (entryModules: string[] = ['src/main.tsx']) => [
  chunk('entry.js', 4_000, {
    isEntry: true,
    imports: ['shared.js'],
    dynamicImports: ['admin.js', 'client.js'],
    moduleIds: entryModules,
    css: ['app.css'],
  }),
  chunk('shared.js', 3_000, { imports: ['entry.js'], moduleIds: ['node_modules/react/x.js'] }),
  chunk('admin.js', 50_000, { imports: ['shared.js'], moduleIds: ['src/features/admin/a.tsx'] }),
  chunk('client.js', 20_000, {
    imports: ['shared.js', 'tslib.js'],
    moduleIds: ['supabase-client.ts'],
  }),
  chunk('tslib.js', 500, { moduleIds: ['node_modules/tslib/t.js'] }),
];
const css = new Map([['app.css', randomBytes(1_000)]]);

describe('checkBudget', () => {
  it('counts the entry and its static imports, each once, and none of the lazy chunks', () => {
    const report = checkBudget(app(), css, budget);
    expect(report.firstLoadJs.map((row) => row.file)).toEqual(['entry.js', 'shared.js']);
    const js = report.firstLoadJs.reduce((total, row) => total + row.gzip, 0);
    expect(js).toBeGreaterThan(7_000);
    expect(js).toBeLessThan(7_200);
    expect(report.firstLoadCss).toEqual([{ file: 'app.css', gzip: expect.any(Number) }]);
    expect(report.violations).toEqual([]);
  });

  it('reports the chunks requested at start-up apart, without what the first load has', () => {
    const report = checkBudget(app(), css, budget);
    expect(report.startupJs.map((row) => row.file)).toEqual(['client.js', 'tslib.js']);
  });

  it('lists the chunks that hold lazy modules, outside the first load', () => {
    const report = checkBudget(app(), css, budget);
    expect(report.lazyJs).toEqual([
      { name: 'admin code', file: 'admin.js', gzip: expect.any(Number) },
    ]);
    expect(report.lazyJs[0]?.gzip).toBeGreaterThan(49_000);
  });

  it('fails when a size is over budget', () => {
    const report = checkBudget(app(), css, { ...budget, firstLoadJs: 5_000, firstLoadCss: 500 });
    expect(report.violations).toEqual([
      expect.stringMatching(/^first-load JavaScript (6\.9|7\.0) KB > 4\.9 KB$/),
      expect.stringMatching(/^first-load CSS 1\.0 KB > 0\.5 KB$/),
    ]);
  });

  it('fails when everything a visit of / downloads is over the whole-load budget', () => {
    const report = checkBudget(app(), css, { ...budget, wholeLoadJs: 20_000 });
    expect(report.violations).toEqual([
      expect.stringMatching(/^JavaScript of a visit of \/ 2[78]\.\d KB > 19\.5 KB$/),
    ]);
  });

  it('fails when a module that must be lazy is downloaded after the first paint', () => {
    const lazyClient = { ...budget, lazy: { 'the full client': /supabase-client\.ts$/ } };
    expect(checkBudget(app(), css, lazyClient).violations).toEqual([
      'the full client is downloaded by a visit of / (client.js)',
    ]);
  });

  it('fails when a module that must be lazy is in the first load', () => {
    const report = checkBudget(app(['src/main.tsx', 'src/features/admin/a.tsx']), css, budget);
    expect(report.violations).toEqual(['admin code is in the first load (entry.js)']);
  });

  it('fails a public page that downloads a module it must do without', () => {
    const merge = chunk('merge.js', 100, { moduleIds: ['node_modules/tailwind-merge/m.js'] });
    const grid = (imports: string[]) =>
      chunk('grid.js', 100, { imports, facadeModuleId: 'src/grid-page.tsx' });
    expect(checkBudget([...app(), grid(['shared.js']), merge], css, budget).violations).toEqual([]);
    expect(checkBudget([...app(), grid(['merge.js']), merge], css, budget).violations).toEqual([
      'class merging is downloaded with grid.js (merge.js)',
    ]);
  });
});
