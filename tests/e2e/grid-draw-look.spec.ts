import { test, expect } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { grid, heading, loaded } from './grid-page.ts';
import { lotteryDay } from './public-data.ts';
import { allow } from '../utils/load-factor.ts';

// How the grid and draw pages look: printed, at a phone's and a desktop's width in both themes
// (with axe), and scrolled sideways on a phone, reached from Today's navigation. A past draw
// with the demo data's number, and one still ahead.

test('the grid prints whole, without the site navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/grid?days=30');
  await expect(grid(page).getByRole('columnheader')).toHaveCount(31, { timeout: allow(15_000) });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  const clipped = await grid(page).evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(clipped).toBeLessThanOrEqual(0);
  const table = await grid(page).getByRole('table').boundingBox();
  expect(table!.x).toBeGreaterThanOrEqual(0);
  expect(table!.x + table!.width).toBeLessThanOrEqual(1280);
  await expect(grid(page).getByRole('row')).toHaveCount(25);
  await page.screenshot({ path: '.tmp/screenshots/grid-print.png', fullPage: true });
});

for (const width of [360, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`grid and draw pages at ${width} px, ${scheme}: no sideways page, no axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const paths = ['/grid?days=30', `/draw/${lotteryDay(-1)}/10`, `/draw/${lotteryDay(1)}/23`];
      for (const path of paths) {
        await page.goto(path);
        await expect(heading(page)).toBeVisible();
        await loaded(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        const name = `${path.split('/')[1]!.replace(/\?.*/, '')}-${paths.indexOf(path)}`;
        await page.screenshot({ path: `.tmp/screenshots/${name}-${width}-${scheme}.png` });
      }
    });
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the grid scrolls by day with the hours kept in view', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Grid' })
      .click();
    await page.getByRole('link', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(/\/grid\?days=30$/);
    const box = grid(page);
    await expect(box.getByRole('columnheader')).toHaveCount(31, { timeout: allow(15_000) });
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const hourCell = box.getByRole('rowheader').first();
    const before = await hourCell.boundingBox();
    await box.hover();
    await page.mouse.wheel(400, 0);
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await hourCell.boundingBox())!.x).toBeCloseTo(before!.x, 0);
    // Snapped to a day: a day column starts where the hour column ends, none half hidden under it.
    const snapped = () =>
      box.evaluate((el) => {
        const start =
          el.getBoundingClientRect().left +
          el.clientLeft +
          parseFloat(getComputedStyle(el).scrollPaddingLeft);
        const hour = el.querySelector('thead th')!.getBoundingClientRect().right;
        const days = Array.from(el.querySelectorAll('thead th + th')).map(
          (th) => th.getBoundingClientRect().left,
        );
        return hour <= start + 1 && days.some((left) => Math.abs(left - start) <= 1);
      });
    await expect.poll(snapped).toBe(true);
  });
});
