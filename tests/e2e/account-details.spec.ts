import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { latestMail, linkAndCode } from '../utils/mailbox.ts';
import { expectToast, signInAdminThroughUi } from './admin-utils.ts';
import { expectNoAxeViolations } from './axe.ts';
import { newAdminAccount, serviceClient } from './service-client.ts';

// The smaller account and form items of issue 28, by clicking: Check after a typo, a new
// account's denial, recovery by the mailed code, the new password typed twice, and the admin
// header on a 320 px phone. Each account is its own, so the shared e2e admin never changes.
// The stack mails at most 2 messages an hour (`email_sent`): this file sends one.

test.use({ storageState: { cookies: [], origins: [] } });

mkdirSync('.tmp/screens', { recursive: true });

/** A confirmed admin account of this test's own, as the operator would grant it. */
const newAdmin = (baseURL: string, local = `account-${randomUUID()}`) =>
  newAdminAccount(baseURL, local);

async function publishedPrize(baseURL: string): Promise<string> {
  const { data, error } = await serviceClient(baseURL)
    .from('lottery_results')
    .select('first_prize')
    .lt('draw_date', new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10))
    .limit(1)
    .single();
  if (error) throw error;
  return (data as { first_prize: string }).first_prize;
}

async function logOutAndSignIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInAdminThroughUi(page, { email, password });
  await expect(page).toHaveURL(/\/admin$/);
}

test('Check: a typo takes the previous number and its results away, in the address too', async ({
  page,
  baseURL,
}) => {
  const prize = await publishedPrize(baseURL!);
  await page.goto(`/check?n=${prize}`);
  const exact = page.getByRole('region', { name: /^Exact first prize/ });
  await expect(exact.getByRole('listitem').first()).toBeVisible();

  const field = page.getByRole('textbox', { name: 'Your number' });
  await field.fill('12ab');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL('/check?n=12ab');
  await expect(page.getByRole('alert')).toHaveText(
    '“12ab” is not a number to check. Enter 2 to 4 digits (0-9), for example 0427 or 27.',
  );
  await expect(page.getByRole('region', { name: /^(Exact|Last)/ })).toHaveCount(0);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('12ab');

  // Back shows the number again with its results; Forward the typo, without them.
  await page.goBack();
  await expect(field).toHaveValue(prize);
  await expect(exact.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByRole('region', { name: /^(Exact|Last)/ })).toHaveCount(0);

  // An empty check clears the address and asks for a number.
  await page.goBack();
  await field.fill('');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL('/check');
  await expect(page.getByRole('alert')).toHaveText(/^Enter 2 to 4 digits/);
  await expect(page.getByRole('region', { name: /^(Exact|Last)/ })).toHaveCount(0);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true });

  test('a new account is told it is not an administrator, and signs out from the page', async ({
    page,
  }) => {
    const email = `newcomer-${randomUUID()}@lotto24.test`;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await expect(page.getByText(/Only the operator can make it an administrator/)).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('newcomer-password-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(
      page,
      'Success',
      'Account created successfully. It is not an administrator until the operator grants it access.',
    );
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle('Access Denied | Lotto24');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/This account is not an administrator/)).toBeVisible();
    await expect(page.getByText(/ask the operator to grant this address/)).toBeVisible();
    // Sign out is above the toasts that rise from the bottom of a phone's screen.
    const signOut = page.getByRole('button', { name: 'Sign out' });
    const toasts = page.getByRole('region', { name: /notifications/i }).locator('li');
    const button = (await signOut.boundingBox())!;
    for (const toast of await toasts.all()) {
      const box = (await toast.boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(box.y);
    }
    await page.screenshot({ path: '.tmp/screens/account-denied-320.png', fullPage: true });
    await expectNoAxeViolations(page);

    await signOut.click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('the admin header shows the whole address, and the page does not scroll sideways', async ({
    page,
    baseURL,
  }) => {
    const { email, password } = await newAdmin(
      baseURL!,
      `a-rather-long-operator-address-${randomUUID().slice(0, 8)}`,
    );
    await signInAdminThroughUi(page, { email, password });
    await expect(page).toHaveURL(/\/admin$/);
    const address = page.getByRole('banner').getByText(email, { exact: true });
    await expect(address).toBeVisible();
    // Not cut: every character is laid out inside the screen.
    const cut = await address.evaluate((element) => {
      const line = element.parentElement!;
      return line.scrollWidth > line.clientWidth || getComputedStyle(line).textOverflow;
    });
    expect(cut).not.toBe(true);
    const box = await address.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    await page.screenshot({ path: '.tmp/screens/account-header-320.png' });
  });
});

test('forgot password keeps the typed address, and the mailed code sets a new password', async ({
  page,
  baseURL,
}) => {
  const { email } = await newAdmin(baseURL!);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Success', /password reset link and code are on their way/);

  await expect(page.getByRole('heading', { name: 'Enter Your Code' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.setViewportSize({ width: 320, height: 700 });
  await page.screenshot({ path: '.tmp/screens/account-code-form-320.png', fullPage: true });
  await expectNoAxeViolations(page);
  const { code } = linkAndCode((await latestMail(baseURL!, email))!);
  const chosen = `new-${randomUUID()}`;

  // A wrong code: said plainly, nothing signed in, the form stays.
  await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('New password').fill(chosen);
  await page.getByLabel('Confirm password').fill(chosen);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Error', /This code is wrong or has expired/);
  await expect(page).toHaveURL(/\/auth$/);

  // Two different passwords: refused beside the field before any request.
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByLabel('Confirm password').fill(`${chosen}x`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByRole('button', { name: 'Show confirmation' }).click();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('type', 'text');

  await page.getByLabel('Confirm password').fill(chosen);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Success', 'Password updated successfully');
  await expect(page).toHaveURL(/\/admin$/);
  await logOutAndSignIn(page, email, chosen);
});

test('change password: typed twice, each with a show toggle', async ({ page, baseURL }) => {
  const { email, password } = await newAdmin(baseURL!);
  await page.setViewportSize({ width: 320, height: 700 });
  await signInAdminThroughUi(page, { email, password });
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('alertdialog');
  const chosen = `changed-${randomUUID()}`;
  await dialog.getByLabel('New password').fill(chosen);
  await dialog.getByLabel('Confirm password').fill(`${chosen}-typo`);
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(dialog.getByLabel('New password')).toHaveAttribute('type', 'text');
  await expect(dialog.getByLabel('Confirm password')).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The two passwords do not match.');
  await expect(dialog.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: '.tmp/screens/account-change-password-320.png' });
  await expectNoAxeViolations(page);

  await dialog.getByLabel('Confirm password').fill(chosen);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Success', 'Password updated successfully');
  await expect(dialog).toBeHidden();
  await logOutAndSignIn(page, email, chosen);
});
