import { expect, type Page } from '@playwright/test';

/** What the grid and draw specs look for on those pages. */
export const grid = (page: Page) => page.getByRole('region', { name: /^First prizes from/ });
export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const loaded = (page: Page) => expect(page.getByText('Loading results...')).toHaveCount(0);
