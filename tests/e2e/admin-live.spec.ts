import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import {
  DRAWING_WINDOW_MS,
  drawTime,
  hourLabel,
  publishedAt,
  wallClock,
} from '../../src/shared/lottery-clock.ts';
import {
  LOTTERY_TIMEZONE,
  adminApi,
  contextDefaults,
  expectToast,
  lotteryDay,
  publicRow,
  saveAdminSession,
  section,
  spokenPrize,
} from './admin-utils.ts';
import { ownerPool } from './verify-utils.ts';

const sessionFile = '.tmp/e2e-admin-live-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });

/**
 * The latest draw of today that is already public and past its drawing window, or null before
 * 00:33. In the two minutes after a draw time (DRAWING_WINDOW_MS) Today lists that draw as being
 * drawn even with no result, as CI once saw at 21:31: a row for it is then expected.
 */
function latestPublishedHour(): number | null {
  const { hour, minute } = wallClock(LOTTERY_TIMEZONE);
  const settled = 30 + DRAWING_WINDOW_MS / 60_000 + 1;
  const latest = minute >= settled ? hour : hour - 1;
  return latest >= 0 ? latest : null;
}

/**
 * Resolves once the stack's draw tick (private.run_due_draws, every 10 s) has passed `at`: it
 * draws every due hour without a result once, so a result deleted after that stays deleted. On a
 * busy machine the tick can lag the wall clock, and would then draw the deleted hour again.
 */
async function tickPassed(at: Date): Promise<void> {
  const owner = ownerPool();
  try {
    await expect
      .poll(async () => {
        const { rows } = await owner.query<{ passed: boolean }>(
          `select coalesce(max("drawn_through") >= $1, false) as "passed" from "private"."auto_draw_state"`,
          [at],
        );
        return rows[0]!.passed;
      })
      .toBe(true);
  } finally {
    await owner.end();
  }
}

test("add, edit and delete reach a visitor's Today page live", async ({ page, browser }) => {
  const hour = latestPublishedHour();
  // lottery-zone.ts picks a zone in which some draw of today is already public.
  if (hour === null) throw new Error('No draw of today is public yet in the e2e lottery zone');
  const today = lotteryDay(0);
  const time = hourLabel(hour);
  await tickPassed(publishedAt(today, hour, LOTTERY_TIMEZONE));

  await page.goto('/admin');
  const other = await adminApi(page);
  // Start from a free hour; the finally block puts a result back for the other specs.
  await other.from('lottery_results').delete().eq('draw_date', today).eq('draw_hour', hour);

  const visitorContext = await browser.newContext(contextDefaults());
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(publicRow(visitor, time)).toHaveCount(0);

    await page.reload();
    const add = section(page, 'Add New Result');
    await add.getByRole('combobox', { name: 'Draw time' }).selectOption({ label: time });
    await add.getByRole('textbox', { name: 'First prize' }).fill('2468');
    await add.getByRole('button', { name: 'Add Result' }).click();
    await expectToast(page, 'Success', 'Lottery result added successfully');
    await expect(publicRow(visitor, time)).toContainText(spokenPrize('2468'));

    const past = section(page, 'Past Results');
    await past.getByRole('button', { name: `Edit result for ${today} ${time}` }).click();
    await past.getByRole('textbox', { name: `First prize for ${today} ${time}` }).fill('1357');
    await past.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Result updated successfully');
    await expect(publicRow(visitor, time)).toContainText(spokenPrize('1357'));

    await past.getByRole('button', { name: `Delete result for ${today} ${time}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Result deleted successfully');
    await expect(publicRow(visitor, time)).toHaveCount(0);
  } finally {
    await visitorContext.close();
    // A clash (the row is back already) is fine: the hour only has to hold a result.
    await other.from('lottery_results').insert({
      draw_date: today,
      draw_hour: hour,
      draw_time: drawTime(hour),
      first_prize: '0000',
    });
  }
});
