import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { drawTime } from '../../src/shared/lottery-clock.ts';
import {
  adminApi,
  expectToast,
  lotteryDay,
  pickDate,
  saveAdminSession,
  section,
} from './admin-utils.ts';

// What an operator runs into in a first hour on the dashboard, reached by clicking as they would.

const LIVE_DAY = lotteryDay(-43);
const [FUTURE_FROM, FUTURE_TO] = [lotteryDay(5), lotteryDay(7)];
const sessionFile = '.tmp/e2e-admin-edge-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });

const hourSelect = (page: Page) =>
  section(page, 'Add New Result').getByRole('combobox', { name: 'Draw time' });

test('a From after its To says why Past Results shows nothing', async ({ page }) => {
  await page.goto('/admin');
  const past = section(page, 'Past Results');
  await pickDate(past, page, 'From', lotteryDay(-2));
  await pickDate(past, page, 'To', lotteryDay(-5));
  await expect(past).toContainText(
    `No results: the From date (${lotteryDay(-2)}) is after the To date (${lotteryDay(-5)}).`,
  );
  await expect(past.getByText('No results found')).toHaveCount(0);
  await past.getByRole('button', { name: 'Clear filter' }).click();
  await expect(past.getByRole('list', { name: 'Past results' }).getByRole('listitem')).toHaveCount(
    50,
  );
});

test('an hour another admin fills leaves the free-hours list at once', async ({ page }) => {
  await page.goto('/admin');
  const other = await adminApi(page);
  await other.from('lottery_results').delete().eq('draw_date', LIVE_DAY);
  await pickDate(section(page, 'Add New Result'), page, 'Draw date', LIVE_DAY);
  const seven = hourSelect(page).locator('option', { hasText: '07:30' });
  await expect(seven).toHaveCount(1);

  const { error } = await other
    .from('lottery_results')
    .insert({ draw_date: LIVE_DAY, draw_hour: 7, draw_time: drawTime(7), first_prize: '7777' });
  expect(error).toBeNull();
  // No reload, no new date picked: the change arrives over the live channel.
  await expect(seven).toHaveCount(0);
  await expect(hourSelect(page).locator('option', { hasText: '08:30' })).toHaveCount(1);
});

test('after generating future dates the latest published results stay in view', async ({
  page,
}) => {
  await page.goto('/admin');
  const other = await adminApi(page);
  const actions = section(page, 'Quick Actions');
  await pickDate(actions, page, 'From', FUTURE_FROM);
  await pickDate(actions, page, 'To', FUTURE_TO);
  await actions.getByRole('button', { name: 'Generate Random Results' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Generate \d+ results$/ })
    .click();
  await expectToast(
    page,
    'Success',
    new RegExp(`results generated from ${FUTURE_FROM} to ${FUTURE_TO}`),
  );
  try {
    const past = section(page, 'Past Results');
    const published = past.getByRole('list', { name: 'Past results' }).getByRole('listitem');
    await expect(published).toHaveCount(50);
    await expect(published.filter({ hasText: 'Scheduled' })).toHaveCount(0);
    const newest = (await published.first().innerText()).slice(0, 10);
    expect(newest <= lotteryDay(0)).toBe(true);
    const scheduled = past.getByRole('list', { name: 'Scheduled results' }).getByRole('listitem');
    await expect(scheduled.filter({ hasText: FUTURE_FROM }).first()).toContainText('Scheduled');
  } finally {
    await other
      .from('lottery_results')
      .delete()
      .gte('draw_date', FUTURE_FROM)
      .lte('draw_date', FUTURE_TO);
  }
});

test('an old error toast does not follow the admin to the next page', async ({ page }) => {
  await page.goto('/admin');
  const actions = section(page, 'Quick Actions');
  await actions.getByRole('button', { name: 'Generate Random Results' }).click();
  const error = await expectToast(page, 'Error', 'Please select both from and to dates');

  await actions.getByRole('link', { name: "View Today's Results" }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
  await expect(error).toBeHidden();
});
