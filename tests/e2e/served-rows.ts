import type { Page } from '@playwright/test';

/**
 * The stack serves Today's, History's and a draw page's rows in the page itself, and index.html
 * hands them (or an early read of its own) to the app as `window.__LOTTO24_DAY__` (ADR 029), so
 * a cold load shows rows even while the API fails. A test of the page's own read (failing,
 * refused, never answering) drops that hand-over: the app then reads its day itself, as a
 * static deploy's would without the early read.
 */
export async function withoutServedRows(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, '__LOTTO24_DAY__', { get: () => undefined, set: () => {} });
  });
}
