import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  contextDefaults,
  expectToast,
  lotteryDay,
  pickDate,
  section,
  signInAdminThroughUi,
  signInThroughUi,
} from './admin-utils.ts';
import { expectNoAxeViolations } from './axe.ts';
import { factorSecret, totpCode, typeCode } from './mfa-utils.ts';
import { newAdminAccount, serviceClient } from './service-client.ts';
import { allow } from '../utils/load-factor.ts';

// Issue 25: an admin's password alone opens nothing that changes results. Enrolment, the code
// after the password, a wrong code, a second app and the removal of one, "Sign out everywhere",
// and an aal1 session refused a write, all by clicking. Each test has an admin of its own.

test.use({ storageState: { cookies: [], origins: [] } });

/** A day no other spec touches: the aal1 write test tries to add a result there. */
const REFUSED_DAY = lotteryDay(-61);

const newAdmin = (baseURL: string) => newAdminAccount(baseURL, `mfa-${randomUUID()}`);
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** A code of the right shape that the app shows neither now nor half a minute either side. */
const wrongCode = (secret: string) => totpCode(secret, 4);

test('a first sign-in sets up an authenticator: QR code, secret, a wrong code, then the right one', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  await signInThroughUi(page, admin.email, admin.password);
  await expect(heading(page, 'Set Up Two-Step Sign-In')).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = page.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page);

  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await typeCode(page, secret, 'Confirm code');
  await expect(heading(page, 'Admin Dashboard')).toBeVisible();
  await expectToast(page, 'Success', /Authenticator app added/);

  // The only app stays: nothing offers to remove it.
  await page.getByRole('button', { name: 'Security' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(dialog).toContainText('Your only app cannot be removed');
});

test('an admin with an app is asked for the code after the password; a wrong one is refused', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const secret = await factorSecret(baseURL!, admin);
  await signInThroughUi(page, admin.email, admin.password);
  await expect(heading(page, 'Enter Your Code')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add New Result' })).toHaveCount(0);

  await page.getByLabel('6-digit code').fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the 6-digit code');
  await page.getByLabel('6-digit code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await expect(page.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true');

  await typeCode(page, secret);
  await expect(heading(page, 'Admin Dashboard')).toBeVisible();
  // aal2 is kept by a reload (and by the refreshes that follow).
  await page.reload();
  await expect(heading(page, 'Admin Dashboard')).toBeVisible();
});

test('a second app is added, the first removed, and the second signs in', async ({
  page,
  baseURL,
}) => {
  // Two sign-ins, two enrolments: more than the default half minute on a busy machine.
  test.setTimeout(allow(90_000));
  const admin = await newAdmin(baseURL!);
  await signInAdminThroughUi(page, admin);
  await page.getByRole('button', { name: 'Security' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Add another app' }).click();
  const second = await dialog.getByLabel('Secret key').inputValue();
  await dialog.getByLabel('6-digit code').fill(totpCode(second));
  await dialog.getByRole('button', { name: 'Confirm code' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Remove e2e phone' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('Authenticator app 2');
  await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(page, admin.email, admin.password);
  await expect(heading(page, 'Enter Your Code')).toBeVisible();
  await typeCode(page, second);
  await expect(heading(page, 'Admin Dashboard')).toBeVisible();
});

test('with the password only, the dashboard opens read-only and a change is refused in words', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  await factorSecret(baseURL!, admin);
  await serviceClient(baseURL!).from('lottery_results').delete().eq('draw_date', REFUSED_DAY);
  await signInThroughUi(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Not now (read only)' }).click();
  await expect(heading(page, 'Admin Dashboard')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('your authenticator code');

  const add = section(page, 'Add New Result');
  await pickDate(add, page, 'Draw date', REFUSED_DAY);
  await add.getByRole('combobox', { name: 'Draw time' }).selectOption({ label: '07:30' });
  await add.getByLabel('First prize').fill('4321');
  await add.getByRole('button', { name: 'Add Result' }).click();
  await expectToast(page, 'Error', 'Confirm with your authenticator code to change results');
  const { count } = await serviceClient(baseURL!)
    .from('lottery_results')
    .select('id', { count: 'exact', head: true })
    .eq('draw_date', REFUSED_DAY);
  expect(count).toBe(0);

  // The way back: the banner's button leads to the code.
  await page.getByRole('button', { name: 'Enter code' }).click();
  await expect(heading(page, 'Enter Your Code')).toBeVisible();
});

test('"Sign out everywhere" ends the sessions of other browsers too', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(allow(90_000));
  const admin = await newAdmin(baseURL!);
  const other = await browser.newContext(contextDefaults());
  const elsewhere = await other.newPage();
  try {
    await elsewhere.clock.install();
    await signInAdminThroughUi(elsewhere, admin);
    await signInAdminThroughUi(page, admin);
    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // The other browser's token still passes for up to an hour; its next session check fails.
    await elsewhere.clock.fastForward(31_000);
    await expect(elsewhere).toHaveURL(/\/auth$/);
  } finally {
    await other.close();
  }
});

test('on a 320 px phone the code step fits and passes axe', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const admin = await newAdmin(baseURL!);
  await factorSecret(baseURL!, admin);
  await signInThroughUi(page, admin.email, admin.password);
  await expect(heading(page, 'Enter Your Code')).toBeVisible();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
});
