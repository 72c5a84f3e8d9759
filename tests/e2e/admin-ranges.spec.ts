import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import {
  adminApi,
  expectToast,
  lotteryDay,
  pickDate,
  saveAdminSession,
  section,
} from './admin-utils.ts';

// Days of their own, older than the demo seed's 30.
const FROM = lotteryDay(-45);
const TO = lotteryDay(-44);
const sessionFile = '.tmp/e2e-admin-ranges-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });

test('range actions need both dates in order', async ({ page }) => {
  await page.goto('/admin');
  const actions = section(page, 'Quick Actions');
  const generate = actions.getByRole('button', { name: 'Generate Random Results' });

  await generate.click();
  await expectToast(page, 'Error', 'Please select both from and to dates');
  await pickDate(actions, page, 'From', TO);
  await actions.getByRole('button', { name: 'Delete Range' }).click();
  await expectToast(page, 'Error', 'Please select both from and to dates');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await pickDate(actions, page, 'To', FROM);
  await generate.click();
  await expectToast(page, 'Error', 'From date must be before or equal to To date');
});

test('generate then delete a range, seen on History', async ({ page }) => {
  // Two dialogs, four date pickers and two History pages: past 30 s on a busy machine.
  test.slow();
  await page.goto('/admin');
  const other = await adminApi(page);
  await other.from('lottery_results').delete().gte('draw_date', FROM).lte('draw_date', TO);
  const actions = section(page, 'Quick Actions');
  await pickDate(actions, page, 'From', FROM);
  await pickDate(actions, page, 'To', TO);

  // Generate asks first and says how many it creates; a double click opens one question and
  // runs the draw machine once, after the admin confirms.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/generate-lottery-results')) calls.push(request.url());
  });
  await actions.getByRole('button', { name: 'Generate Random Results' }).dblclick();
  const ask = page.getByRole('alertdialog', { name: 'Generate results?' });
  await expect(ask).toHaveCount(1);
  await expect(ask).toContainText(
    `This creates 48 results, a random number for every hour from ${FROM} to ${TO} without a result.`,
  );
  expect(calls).toHaveLength(0);
  await ask.getByRole('button', { name: 'Generate 48 results' }).click();
  await expectToast(page, 'Success', `48 results generated from ${FROM} to ${TO}`);
  expect(calls).toHaveLength(1);

  // The filled days leave nothing to add.
  const add = section(page, 'Add New Result');
  await pickDate(add, page, 'Draw date', FROM);
  await expect(add.getByRole('combobox', { name: 'Draw time' })).toHaveText(
    'All hours filled for this date',
  );
  await expect(add.getByRole('button', { name: 'Add Result' })).toBeDisabled();

  for (const day of [FROM, TO]) {
    await page.goto(`/history?date=${day}`);
    await expect(
      page.getByRole('heading', { name: `${formatLongDate(day)} - 24 draws` }),
    ).toBeVisible();
  }

  await page.goto('/admin');
  await pickDate(actions, page, 'From', FROM);
  await pickDate(actions, page, 'To', TO);
  const deleteRange = actions.getByRole('button', { name: 'Delete Range' });
  const question = `This deletes 48 results from ${FROM} to ${TO}.`;

  await deleteRange.click();
  let dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(deleteRange).toBeFocused();

  await deleteRange.click();
  dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('All of them are published');
  await dialog.getByRole('button', { name: 'Delete 48 results' }).click();
  await expectToast(page, 'Success', `48 results deleted from ${FROM} to ${TO}`);

  for (const day of [FROM, TO]) {
    await page.goto(`/history?date=${day}`);
    await expect(page.getByText(`No results available for ${formatLongDate(day)}`)).toBeVisible();
  }
});
