import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, signInAdminThroughUi } from './admin-utils.ts';
import { newAdminAccount } from './service-client.ts';

// Password recovery and change, end to end through the local mailbox (/mailbox): the mail is read
// through its JSON API, as a developer's script would. Each test has an admin account of its own,
// so the shared e2e admin's password never changes.

test.use({ storageState: { cookies: [], origins: [] } });

const port = Number(process.env.E2E_PORT ?? 4173);

/** A new confirmed account with the admin role, made with the stack's service_role key. */
const newAdmin = (baseURL: string) => newAdminAccount(baseURL, `recovery-${randomUUID()}`);

async function recoveryLink(baseURL: string, email: string): Promise<string> {
  const list = (await (
    await fetch(`${baseURL}/mailbox/api/messages?to=${encodeURIComponent(email)}`)
  ).json()) as { messages: Array<{ id: string; subject: string }> };
  expect(list.messages[0]?.subject).toBe('Reset Your Password');
  const mail = (await (
    await fetch(`${baseURL}/mailbox/api/messages/${list.messages[0]!.id}`)
  ).json()) as {
    text: string;
  };
  return /: (http\S+\/auth\/v1\/verify\S+)/.exec(mail.text)![1]!;
}

async function logOutAndSignIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInAdminThroughUi(page, { email, password });
  await expect(page).toHaveURL(/\/admin$/);
}

test('forgot password: the mailed link leads to a new password that signs in', async ({
  page,
  baseURL,
}) => {
  const { email } = await newAdmin(baseURL!);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Success', /password reset link and code are on their way/);

  const link = await recoveryLink(baseURL!, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  // supabase-js took the session from the fragment and cleared it.
  await expect(page).toHaveURL(/\/auth#?$/);
  const chosen = `new-${randomUUID()}`;
  await page.getByLabel('New password').fill(chosen);
  await page.getByLabel('Confirm password').fill(chosen);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Success', 'Password updated successfully');
  await expect(page).toHaveURL(/\/admin$/);
  await logOutAndSignIn(page, email, chosen);

  // The link was spent: opening it again lands on the request form with the reason.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('a forged reset link signs nobody in', async ({ page }) => {
  const token = '0'.repeat(56);
  await page.goto(
    `/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(`http://127.0.0.1:${port}/auth`)}`,
  );
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
});

test('change password while signed in', async ({ page, baseURL }) => {
  const { email, password } = await newAdmin(baseURL!);
  await signInAdminThroughUi(page, { email, password });
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('New password').fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'New password should be different from the old password.',
  );

  const chosen = `changed-${randomUUID()}`;
  await dialog.getByLabel('New password').fill(chosen);
  await dialog.getByLabel('Confirm password').fill(chosen);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Success', 'Password updated successfully');
  await expect(dialog).toBeHidden();
  await logOutAndSignIn(page, email, chosen);
});
