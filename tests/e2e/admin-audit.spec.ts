import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  adminApi,
  expectToast,
  lotteryDay,
  pickDate,
  saveAdminSession,
  section,
} from './admin-utils.ts';
import { allow } from '../utils/load-factor.ts';

// "Who changed what" (ADR 026): a generate, an edit and a delete made by clicking appear in the
// dashboard's Changes, newest first with who and before → after; filtered by admin and by date
// through the address (Back returns), 50 a page with an older page; a table on a desktop, cards
// at 360 px. Days of their own, apart from the other admin specs' (-45 … -53, +60).
const FROM = lotteryDay(-75);
const TO = lotteryDay(-73);
const TODAY = lotteryDay(0);
const sessionFile = '.tmp/e2e-admin-audit-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });
// Two dialogs and six date pickers on a busy machine.
test.describe.configure({ timeout: allow(120_000) });

async function prizeOf(api: Awaited<ReturnType<typeof adminApi>>, date: string, hour: number) {
  const { data, error } = await api
    .from('lottery_results')
    .select('first_prize')
    .eq('draw_date', date)
    .eq('draw_hour', hour)
    .single();
  if (error) throw error;
  return data.first_prize;
}

/** The top of the Changes section, for a person to look at (not compared). */
async function shoot(page: Page, path: string) {
  const box = (await changes(page).boundingBox())!;
  // The box is in viewport coordinates, a full-page clip in the page's.
  const y = box.y + (await page.evaluate(() => window.scrollY));
  const clip = { x: box.x, y, width: box.width, height: Math.min(box.height, 1000) };
  await page.screenshot({ path, fullPage: true, clip });
}

const changes = (page: Page) => page.getByRole('region', { name: 'Changes' });
const tableRows = (page: Page) => changes(page).getByRole('table').getByRole('row');

test('a generate, an edit and a delete appear in Changes; filters and pages', async ({ page }) => {
  await page.goto('/admin');
  const api = await adminApi(page);
  await api.from('lottery_results').delete().gte('draw_date', FROM).lte('draw_date', TO);

  const actions = section(page, 'Quick Actions');
  await pickDate(actions, page, 'From', FROM);
  await pickDate(actions, page, 'To', TO);
  await actions.getByRole('button', { name: 'Generate Random Results' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Generate 72 results' }).click();
  await expectToast(page, 'Success', `72 results generated from ${FROM} to ${TO}`);

  const past = section(page, 'Past Results');
  await pickDate(past, page, 'From', TO);
  await pickDate(past, page, 'To', TO);
  const before05 = await prizeOf(api, TO, 5);
  await past.getByRole('button', { name: `Edit result for ${TO} 05:30` }).click();
  await past.getByRole('textbox', { name: `First prize for ${TO} 05:30` }).fill('1234');
  await past.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Result updated successfully');
  const before06 = await prizeOf(api, TO, 6);
  await past.getByRole('button', { name: `Delete result for ${TO} 06:30` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Result deleted successfully');

  // By this admin, newest first: the delete (a published number: withdrawn), the correction,
  // then the generated results.
  const view = changes(page);
  await view.getByRole('combobox', { name: 'By' }).selectOption(e2eAdmin.email);
  await expect(page).toHaveURL(/changes_by=e2e-admin%40lotto24\.test/);
  const rows = tableRows(page);
  await expect(rows.nth(1)).toContainText(`Deletedwithdrawn${TO} 06:30`);
  await expect(rows.nth(1)).toContainText(`Before: ${before06} → , after: –`);
  await expect(rows.nth(1)).toContainText(e2eAdmin.email);
  await expect(rows.nth(2)).toContainText(`Corrected${TO} 05:30`);
  await expect(rows.nth(2)).toContainText(`Before: ${before05} → , after: 1234`);
  await expect(rows.nth(3)).toContainText('Added');
  await expect(rows).toHaveCount(51); // the header and a full page
  await shoot(page, '.tmp/admin-audit-desktop.png');
  await expectNoAxeViolations(page);

  // The next page: older changes only, and Back returns to the newest.
  await view.getByRole('button', { name: 'Older changes' }).click();
  await expect(page).toHaveURL(/changes_before=\d+/);
  await expect(view.getByText('Older changes ·')).toBeVisible();
  await expect(rows.nth(1)).not.toContainText('Deleted');
  await expect(rows.nth(1)).toContainText('Added');
  await page.goBack();
  await expect(page).not.toHaveURL(/changes_before/);
  await expect(rows.nth(1)).toContainText(`Deletedwithdrawn${TO} 06:30`);

  // By date, on the lottery clock: today holds them, tomorrow nothing yet.
  await pickDate(view, page, 'Changed from', TODAY);
  await expect(page).toHaveURL(new RegExp(`changes_from=${TODAY}`));
  await expect(rows.nth(1)).toContainText(`Deletedwithdrawn${TO} 06:30`);
  await pickDate(view, page, 'Changed from', lotteryDay(1));
  await expect(view.getByText('No changes found')).toBeVisible();
  await page.goBack();
  await expect(rows.nth(1)).toContainText(`Deletedwithdrawn${TO} 06:30`);
  await view.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\??$/);
});

test('a phone gets a card per change, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin?changes_by=${encodeURIComponent(e2eAdmin.email)}`);
  const cards = changes(page)
    .getByRole('list', { name: 'Changes, newest first' })
    .getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(`By ${e2eAdmin.email}`);
  await expect(changes(page).getByRole('table')).toBeHidden();
  await shoot(page, '.tmp/admin-audit-phone.png');
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
