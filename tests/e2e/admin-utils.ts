import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import { addDays, todayIn } from '../../src/shared/lottery-clock.ts';
import { E2E_LOTTERY_TIMEZONE } from './lottery-zone.ts';
import { completeSecondFactor, factorSecret, type Credentials } from './mfa-utils.ts';

/** The stack's lottery timezone; the browser runs in Los Angeles. */
export const LOTTERY_TIMEZONE = E2E_LOTTERY_TIMEZONE;

/** Today in the lottery timezone, and days relative to it (yyyy-MM-dd). */
export function lotteryDay(offset = 0): string {
  return addDays(todayIn(LOTTERY_TIMEZONE), offset);
}

export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs an admin in as the dashboard demands: the account gets a TOTP factor through the API
 * (once a run: mfa-utils.ts keeps its secret), then the password and a code go in through /auth
 * and the code step, so the page ends on the dashboard at aal2, where changes are allowed.
 */
export async function signInAdminThroughUi(page: Page, credentials: Credentials): Promise<void> {
  const secret = await factorSecret(test.info().project.use.baseURL!, credentials);
  await signInThroughUi(page, credentials.email, credentials.password);
  await completeSecondFactor(page, secret);
}

/** The toast that says `description`, checked for its title and its variant. */
export async function expectToast(
  page: Page,
  title: string,
  description: string | RegExp,
  { destructive = title !== 'Success' } = {},
): Promise<Locator> {
  const toast = page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: description })
    .last();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
  if (destructive) await expect(toast).toHaveClass(/destructive/);
  else await expect(toast).not.toHaveClass(/destructive/);
  return toast;
}

/** A dashboard card, found by its heading. */
export function section(page: Page, name: 'Add New Result' | 'Quick Actions' | 'Past Results') {
  return page.getByRole('region', { name });
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Opens the date picker whose label starts with `label` inside `scope` and picks `date`
 * (yyyy-MM-dd), moving month by month as a user would.
 */
export async function pickDate(scope: Locator, page: Page, label: string, date: string) {
  await scope.getByRole('button', { name: new RegExp(`^${label}\\b`) }).click();
  const calendar = page.getByRole('dialog');
  const [year, month] = date.split('-').map(Number) as [number, number];
  for (let step = 0; step < 36; step += 1) {
    const caption = (await calendar.getByRole('grid').getAttribute('aria-label')) ?? '';
    const [name, shownYear] = caption.split(' ');
    const shown = Number(shownYear) * 12 + MONTHS.indexOf(name ?? '');
    const target = year * 12 + (month - 1);
    if (shown === target) break;
    const direction = shown > target ? 'Previous' : 'Next';
    await calendar.getByRole('button', { name: `Go to the ${direction} Month` }).click();
  }
  await calendar.locator(`td[data-day="${date}"]:not([data-outside]) button`).click();
  await expect(calendar).toBeHidden();
}

/** The access token the signed-in page holds, for a second (API) admin client in the test. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('sb-') && key.endsWith('-auth-token')) {
        return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string })
          .access_token;
      }
    }
    return undefined;
  });
  if (!token) throw new Error('The page holds no session');
  return token;
}

/**
 * Signs the seeded admin in once through /auth (password and code) and saves the browser storage to `file`, so the
 * tests of a file reuse one session: sign-ins are rate limited per IP (30 per 5 minutes).
 */
export async function saveAdminSession(
  browser: Browser,
  file: string,
  credentials: { email: string; password: string },
): Promise<void> {
  const context = await browser.newContext(contextDefaults());
  const page = await context.newPage();
  await signInAdminThroughUi(page, credentials);
  await expect(page).toHaveURL(/\/admin$/);
  // The header's address: the Changes section may name the admin too.
  await expect(page.getByRole('banner').getByText(credentials.email)).toBeVisible();
  await context.storageState({ path: file });
  await context.close();
}

/**
 * Options for a context a test opens itself (a second visitor): the project's, but signed out.
 * Playwright applies the file's `test.use({ storageState })` to `browser.newContext()` too.
 */
export function contextDefaults(): BrowserContextOptions {
  const { baseURL, timezoneId } = test.info().project.use;
  return { baseURL, timezoneId, storageState: { cookies: [], origins: [] } };
}

/** An API client acting as the signed-in admin of `page`: "another admin" in race tests. */
export async function adminApi(page: Page) {
  const { supabaseAnonKey } = await page.evaluate(
    () => (window as { __LOTTO24_CONFIG__?: { supabaseAnonKey: string } }).__LOTTO24_CONFIG__!,
  );
  const accessToken = await accessTokenOf(page);
  return createClient<Database>(new URL(page.url()).origin, supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
}

/** A public list row (Today or History) for a draw time such as `14:30`. */
export function publicRow(page: Page, time: string): Locator {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: time });
}

/** What a screen reader hears for a prize: "First prize 0 4 2 0". */
export function spokenPrize(prize: string): string {
  return `First prize ${prize.split('').join(' ')}`;
}
