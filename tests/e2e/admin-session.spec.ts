import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { accessTokenOf, signInAdminThroughUi } from './admin-utils.ts';

// A dashboard whose session ends elsewhere must leave for the login form instead of carrying on
// as if signed in while every action fails. Each test signs in afresh: ending a session here
// must not end the one other spec files saved.

async function openDashboard(page: Page) {
  await signInAdminThroughUi(page, e2eAdmin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText(e2eAdmin.email);
}

test('a session revoked elsewhere sends the open dashboard to /auth', async ({ page, baseURL }) => {
  // The page's own clock, so the half-minute check can be reached without waiting for it.
  await page.clock.install();
  await openDashboard(page);
  // What "sign out" on another device does to this session: the server forgets it.
  const token = await accessTokenOf(page);
  const { supabaseAnonKey } = await page.evaluate(
    () => (window as { __LOTTO24_CONFIG__?: { supabaseAnonKey: string } }).__LOTTO24_CONFIG__!,
  );
  const logout = await fetch(`${baseURL}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${token}` },
  });
  expect(logout.status).toBe(204);

  // The dashboard stays open; within half a minute it notices.
  await page.clock.fastForward(31_000);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('signing out in one tab signs the other tab out too', async ({ page, context }) => {
  await openDashboard(page);
  const second = await context.newPage();
  await second.goto('/admin');
  await expect(second.getByRole('banner')).toContainText(e2eAdmin.email);

  await second.getByRole('button', { name: 'Logout' }).click();
  await expect(second).toHaveURL(/\/auth$/);
  await expect(page).toHaveURL(/\/auth$/);
});
