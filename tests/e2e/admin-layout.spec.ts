import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { contextDefaults, saveAdminSession, section } from './admin-utils.ts';
import { expectNoAxeViolations } from './axe.ts';

const sessionFile = '.tmp/e2e-admin-layout-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });

for (const width of [360, 1280]) {
  test(`the dashboard fits a ${width} px screen and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    await expect(section(page, 'Past Results').getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/screens/admin-${width}.png`, fullPage: true });
    await expectNoAxeViolations(page);

    // The open calendar and the confirmation dialog are part of the page too.
    await section(page, 'Add New Result')
      .getByRole('button', { name: /^Draw date/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/admin-calendar-${width}.png` });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
  });

  test(`the sign-in page fits a ${width} px screen`, async ({ browser }) => {
    // A fresh context: with the session, /auth would move on to /admin.
    const context = await browser.newContext({
      ...contextDefaults(),
      viewport: { width, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/auth-${width}.png`, fullPage: true });
    await context.close();
  });
}
