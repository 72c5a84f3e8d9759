import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import {
  contextDefaults,
  expectToast,
  signInAdminThroughUi,
  signInThroughUi,
} from './admin-utils.ts';

// Sign-ins and sign-ups are rate limited per IP (30 per 5 minutes): each test spends few.

test('the admin page without a session leads to the login form', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page).toHaveTitle('Admin Login | Lotto24');
});

test('the form switches between login and sign-up, and leads back home', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
  await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await page.getByRole('button', { name: 'Already have an account? Login' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a wrong password shows the service's message", async ({ page }) => {
  // Not the admin's address: failed attempts lock an email for a while.
  await signInThroughUi(page, `nobody-${randomUUID()}@lotto24.test`, 'wrong-password');
  await expectToast(page, 'Error', 'Invalid login credentials');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a second error replaces the first, below the heading, and can be closed', async ({
    page,
  }) => {
    const email = `nobody-${randomUUID()}@lotto24.test`;
    await signInThroughUi(page, email, 'wrong-password');
    await expectToast(page, 'Error', 'Invalid login credentials');
    // The second answer must have arrived, and its toast replaced the first, before measuring.
    const answered = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
    await page.getByRole('button', { name: 'Login' }).tap();
    await answered;
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    const toasts = page.getByRole('region', { name: /notifications/i }).locator('li');
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toBeVisible();
    await expect(toasts.first()).toContainText('Invalid login credentials');

    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const toast = await toasts.first().boundingBox();
    // At the bottom of the screen, clear of the heading.
    expect(toast!.y).toBeGreaterThan(heading!.y + heading!.height);
    expect(toast!.y + toast!.height).toBeLessThanOrEqual(740);
    await page.screenshot({ path: '.tmp/screens/auth-phone-toast.png' });

    await toasts.first().getByRole('button', { name: 'Close' }).tap();
    await expect(toasts).toHaveCount(0);
  });
});

test("a short password is refused on sign-up with the service's message", async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
  await page.getByLabel('Email').fill(`short-${randomUUID()}@lotto24.test`);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectToast(page, 'Error', /password/i);
  await expect(page).toHaveURL(/\/auth$/);
});

test('signing up does not make an admin, now or at the next sign-in', async ({ page, browser }) => {
  const email = `visitor-${randomUUID()}@lotto24.test`;
  const password = 'visitor-password-1';
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // The toast claims no more than is true: an account, and no dashboard until the operator says so.
  await expectToast(page, 'Success', /Account created successfully\. It is not an administrator/);
  // The new session is sent to the dashboard, which turns it away and says why, on the page.
  await expect(page).toHaveURL(/\/admin$/);
  await expectToast(page, 'Access Denied', "You don't have admin privileges", {
    destructive: true,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This account is not an administrator')).toBeVisible();

  const later = await browser.newContext(contextDefaults());
  try {
    const again = await later.newPage();
    await signInThroughUi(again, email, password);
    await expectToast(again, 'Success', 'Logged in successfully');
    await expect(again).toHaveURL(/\/admin$/);
    await expectToast(again, 'Access Denied', "You don't have admin privileges");
    await again.reload();
    await expect(again.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();

    // The page's own Sign out, long after the toast has gone, lets another account sign in.
    await again.getByRole('button', { name: 'Sign out' }).click();
    await expect(again).toHaveURL(/\/auth$/);
    await expect(again.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect
      .poll(() =>
        again.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('-auth-token'))),
      )
      .toBe(false);
    await again.goto('/admin');
    await expect(again).toHaveURL(/\/auth$/);
  } finally {
    await later.close();
  }
});

test('the admin signs in, stays signed in across a reload, and signs out', async ({ page }) => {
  await signInAdminThroughUi(page, e2eAdmin);
  await expectToast(page, 'Success', 'Logged in successfully');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText(e2eAdmin.email);

  await page.reload();
  await expect(page.getByRole('banner')).toContainText(e2eAdmin.email);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});
