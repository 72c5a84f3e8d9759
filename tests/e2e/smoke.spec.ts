import { expect, test } from '@playwright/test';

test('the built app loads on the local stack with its runtime config', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A script the Content-Security-Policy refused (the inline runtime config) is logged here.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveTitle(/Lotto24/);
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible();
  const anonKey = await page.evaluate(
    () =>
      (window as { __LOTTO24_CONFIG__?: { supabaseAnonKey?: string } }).__LOTTO24_CONFIG__
        ?.supabaseAnonKey,
  );
  expect(anonKey).toMatch(/^ey/);
  expect(errors).toEqual([]);
});

test("an unknown route answers 404 with the app's not-found page", async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
});

test('the page refuses inline scripts other than its runtime config', async ({ page }) => {
  await page.goto('/');
  // 'unsafe-inline' stands beside the config's hash for browsers without hashes: this one must
  // ignore it, so an injected script does not run.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return (window as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
});
