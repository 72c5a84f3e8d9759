import type { Page } from '@playwright/test';

/**
 * Marks the document now shown; `stillOpen` then says whether a later page is the same document
 * (the app moved in place) rather than a page load (a plain link the app did not take).
 */
export async function sameDocument(page: Page) {
  await page.evaluate(() => ((window as { lotto24Marked?: boolean }).lotto24Marked = true));
  return {
    stillOpen: () =>
      page.evaluate(() => (window as { lotto24Marked?: boolean }).lotto24Marked === true),
  };
}
