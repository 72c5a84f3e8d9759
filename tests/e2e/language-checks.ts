// What every walk in a language checks (tests/e2e/languages*.spec.ts), and the system draw whose
// verification the walks open.
import { expect, test, type Page } from '@playwright/test';
import type pg from 'pg';
import { commitTheDayBefore, drawBySystem, ownerPool } from './verify-utils.ts';

/** A message asked for before its catalog part loaded, or an error thrown on the page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /not loaded in/.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export async function expectNoOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** A system draw (commit, then reveal: ADR 012) made before the file's tests and kept. */
export function useSystemDraw(draw: { date: string; hour: number }): void {
  let pool: pg.Pool;
  test.beforeAll(async () => {
    pool = ownerPool();
    await commitTheDayBefore(pool, draw.date, draw.hour);
    await drawBySystem(pool, draw.date, draw.hour);
  });
  test.afterAll(async () => {
    await pool.end();
  });
}
