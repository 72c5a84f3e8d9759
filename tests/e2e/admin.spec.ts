import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import {
  adminApi,
  expectToast,
  lotteryDay,
  pickDate,
  publicRow,
  saveAdminSession,
  section,
  spokenPrize,
} from './admin-utils.ts';

// Days of their own (the demo seed fills the last 30), so other specs' data stays untouched.
const ADD_DAY = lotteryDay(-41);
const EDIT_DAY = lotteryDay(-42);
const sessionFile = '.tmp/e2e-admin-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });

const hourSelect = (page: Page) =>
  section(page, 'Add New Result').getByRole('combobox', { name: 'Draw time' });
const hourOptions = (page: Page) => hourSelect(page).locator('option').allTextContents();

test('the dashboard shows the admin, the sections and the latest 50 results', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveTitle('Admin Dashboard | Lotto24');
  await expect(page.getByRole('banner')).toContainText(e2eAdmin.email);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  for (const name of ['Add New Result', 'Quick Actions', 'Past Results'] as const) {
    await expect(section(page, name).getByRole('heading', { name })).toBeVisible();
  }

  const past = section(page, 'Past Results');
  await expect(past.getByText('Showing last 50 results')).toBeVisible();
  const rows = past.getByRole('list', { name: 'Past results' }).getByRole('listitem');
  await expect(rows).toHaveCount(50);
  // Newest first: yyyy-MM-dd HH:30 strings sort like the draws they name.
  const draws = (await rows.allInnerTexts()).map((text) => text.split('\n').slice(0, 2).join(' '));
  expect(draws).toEqual([...draws].sort().reverse());

  const actions = section(page, 'Quick Actions');
  await expect(actions.getByRole('link', { name: "View Today's Results" })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(actions.getByRole('link', { name: 'View History' })).toHaveAttribute(
    'href',
    '/history',
  );
});

test('adding a result: free hours only, kept live, and the result on History', async ({ page }) => {
  await page.goto('/admin');
  const other = await adminApi(page);
  await other.from('lottery_results').delete().eq('draw_date', ADD_DAY);
  const add = section(page, 'Add New Result');
  await pickDate(add, page, 'Draw date', ADD_DAY);
  await expect.poll(() => hourOptions(page)).toHaveLength(24);

  const prize = add.getByRole('textbox', { name: 'First prize' });
  await hourSelect(page).selectOption({ label: '07:30' });
  await prize.fill('12a');
  await add.getByRole('button', { name: 'Add Result' }).click();
  expect(await prize.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);

  await prize.fill('0427');
  await add.getByRole('button', { name: 'Add Result' }).click();
  await expectToast(page, 'Success', 'Lottery result added successfully');
  await expect(prize).toHaveValue('');
  await expect.poll(() => hourOptions(page)).not.toContain('07:30');
  expect(await hourOptions(page)).toHaveLength(23);

  // Another admin takes 08:30 while this form offers it: the hour leaves the list at once
  // (the live channel), before this admin can submit a clash.
  await hourSelect(page).selectOption({ label: '08:30' });
  const { error } = await other.from('lottery_results').insert({
    draw_date: ADD_DAY,
    draw_hour: 8,
    draw_time: '08:30:00',
    first_prize: '1111',
  });
  expect(error).toBeNull();
  await expect.poll(() => hourOptions(page)).not.toContain('08:30');
  await expect(hourSelect(page)).toHaveValue('0');

  await page.goto(`/history?date=${ADD_DAY}`);
  await expect(
    page.getByRole('heading', { name: `${formatLongDate(ADD_DAY)} - 2 draws` }),
  ).toBeVisible();
  await expect(publicRow(page, '07:30')).toContainText(spokenPrize('0427'));
  await expect(publicRow(page, '07:30')).toContainText('Draw #8');
  await expect(publicRow(page, '08:30')).toContainText(spokenPrize('1111'));
});

test('editing and deleting a past result, with the change on History', async ({ page }) => {
  await page.goto('/admin');
  const other = await adminApi(page);
  await other.from('lottery_results').delete().eq('draw_date', EDIT_DAY);
  const { error } = await other.from('lottery_results').insert([
    { draw_date: EDIT_DAY, draw_hour: 5, draw_time: '05:30:00', first_prize: '5555' },
    { draw_date: EDIT_DAY, draw_hour: 6, draw_time: '06:30:00', first_prize: '6666' },
  ]);
  expect(error).toBeNull();

  const past = section(page, 'Past Results');
  await pickDate(past, page, 'From', EDIT_DAY);
  await pickDate(past, page, 'To', EDIT_DAY);
  await expect(past.getByText('Showing filtered results')).toBeVisible();
  const rows = past.getByRole('listitem');
  await expect(rows).toHaveCount(2);

  // Cancel leaves the row as it was.
  await past.getByRole('button', { name: `Edit result for ${EDIT_DAY} 05:30` }).click();
  await past.getByRole('textbox', { name: `First prize for ${EDIT_DAY} 05:30` }).fill('1');
  await past.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows.filter({ hasText: '05:30' })).toContainText('5555');

  await past.getByRole('button', { name: `Edit result for ${EDIT_DAY} 06:30` }).click();
  const input = past.getByRole('textbox', { name: `First prize for ${EDIT_DAY} 06:30` });
  await input.fill('9090');
  await past.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Result updated successfully');
  await expect(input).toBeHidden();
  await expect(rows.filter({ hasText: '06:30' })).toContainText('9090');

  // One click is not enough to delete: the admin confirms, and may change their mind.
  const deleteButton = past.getByRole('button', { name: `Delete result for ${EDIT_DAY} 05:30` });
  await deleteButton.click();
  let dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`The result 5555 of ${EDIT_DAY} 05:30 will be deleted.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Result deleted successfully');
  await expect(rows).toHaveCount(1);

  await page.goto(`/history?date=${EDIT_DAY}`);
  await expect(
    page.getByRole('heading', { name: `${formatLongDate(EDIT_DAY)} - 1 draw` }),
  ).toBeVisible();
  await expect(publicRow(page, '06:30')).toContainText(spokenPrize('9090'));
  await expect(publicRow(page, '05:30')).toHaveCount(0);
});

test('a result entered ahead of time is marked Scheduled', async ({ page }) => {
  const tomorrow = lotteryDay(1);
  await page.goto('/admin');
  const other = await adminApi(page);
  await other.from('lottery_results').delete().eq('draw_date', tomorrow);

  const add = section(page, 'Add New Result');
  await pickDate(add, page, 'Draw date', tomorrow);
  await hourSelect(page).selectOption({ label: '03:30' });
  await add.getByRole('textbox', { name: 'First prize' }).fill('3333');
  await add.getByRole('button', { name: 'Add Result' }).click();
  await expectToast(page, 'Success', 'Lottery result added successfully');

  // Listed apart from the published results, which still start with the latest public draw.
  const past = section(page, 'Past Results');
  const scheduled = past.getByRole('list', { name: 'Scheduled results' }).getByRole('listitem');
  const row = scheduled.filter({ hasText: tomorrow }).filter({ hasText: '03:30' });
  await expect(row).toContainText('Scheduled');
  const published = past.getByRole('list', { name: 'Past results' }).getByRole('listitem');
  await expect(published.filter({ hasText: tomorrow })).toHaveCount(0);
  await expect(published.filter({ hasText: 'Scheduled' })).toHaveCount(0);

  await past.getByRole('button', { name: `Delete result for ${tomorrow} 03:30` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Result deleted successfully');
});
