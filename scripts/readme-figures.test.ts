import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../server/src/config.ts';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import { BUDGET_FIGURES_FILE, todayBudget, type BudgetFigures } from './vite-budget.ts';

/** How far a figure the README states may stray from the build's before it is called wrong. */
const TOLERANCE_BYTES = 1024;

const figuresFile = path.join(repoRoot, 'dist', BUDGET_FIGURES_FILE);

/** The README as one line, so a phrase wrapped over two lines still matches. */
function readme(): string {
  return readFileSync(path.join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
}

/** Every figure in KB that `pattern`'s first group captures. */
function statedKb(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((match) => Number(match[1]));
}

describe("the README's page-weight figures", () => {
  let built: BudgetFigures;

  beforeAll(() => {
    // As the stack's own tests do: build only when dist/ is missing, never under a stack that
    // serves it; a dist/ from before the build wrote its figures is built again.
    ensureBuild({ ifStale: false });
    if (!existsSync(figuresFile)) ensureBuild({ force: true });
    built = JSON.parse(readFileSync(figuresFile, 'utf8')) as BudgetFigures;
  }, 300_000);

  it('states the first load within 1 KB of what the build measured', () => {
    // "first load 121.9 KB" (Performance) and "first load (121.9 KB of JavaScript" (Languages).
    const stated = statedKb(readme(), /first load \(?(\d+(?:\.\d+)?) KB/g);
    expect(stated.length, 'the README states no first-load figure').toBeGreaterThan(0);
    for (const kb of stated)
      expect(
        Math.abs(kb * 1024 - built.firstLoadJs),
        `README: first load ${kb} KB; build: ${(built.firstLoadJs / 1024).toFixed(1)} KB`,
      ).toBeLessThanOrEqual(TOLERANCE_BYTES);
  });

  it('states the whole visit of / within 1 KB of what the build measured', () => {
    const stated = statedKb(readme(), /all of `\/` (\d+(?:\.\d+)?) KB/g);
    expect(stated.length, 'the README states no whole-visit figure').toBeGreaterThan(0);
    for (const kb of stated)
      expect(
        Math.abs(kb * 1024 - built.wholeLoadJs),
        `README: all of / ${kb} KB; build: ${(built.wholeLoadJs / 1024).toFixed(1)} KB`,
      ).toBeLessThanOrEqual(TOLERANCE_BYTES);
  });

  it('names the budgets the build enforces', () => {
    const kb = (bytes: number) => `${bytes / 1024} KB`;
    const { firstLoadJs, firstLoadCss, wholeLoadJs } = todayBudget;
    expect(readme()).toContain(`${kb(firstLoadJs)}, ${kb(firstLoadCss)} and ${kb(wholeLoadJs)}`);
  });
});
