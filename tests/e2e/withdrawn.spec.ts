import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { formatLotteryTime } from '../../src/lib/draw-provenance.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  adminApi,
  contextDefaults,
  expectToast,
  LOTTERY_TIMEZONE,
  lotteryDay,
  pickDate,
  saveAdminSession,
  section,
} from './admin-utils.ts';
import { allow } from '../utils/load-factor.ts';

// Nothing published disappears (ADR 024): an admin deletes a published result and a visitor's
// draw page says it was withdrawn, with the number and when; editing a system draw warns first;
// the range actions say how many results they create or delete, before and after.
// Days of their own, older than the demo seed's 30 and apart from admin-ranges' (-45, -44).
const DAY = lotteryDay(-50);
const RANGE_FROM = lotteryDay(-53);
const RANGE_TO = lotteryDay(-52);
const SYSTEM_DAY = lotteryDay(60);
const sessionFile = '.tmp/e2e-withdrawn-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });
// Each test walks the dashboard's date pickers and dialogs several times: past 30 s on a busy machine.
test.describe.configure({ timeout: allow(90_000) });

test('a deleted published result shows as withdrawn on its draw page, with number and time', async ({
  page,
  browser,
}) => {
  await page.goto('/admin');
  const api = await adminApi(page);
  await api.from('lottery_results').delete().eq('draw_date', DAY);
  const { error } = await api
    .from('lottery_results')
    .insert({ draw_date: DAY, draw_hour: 19, draw_time: '19:30:00', first_prize: '5153' });
  expect(error).toBeNull();

  const visitorContext = await browser.newContext(contextDefaults());
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/draw/${DAY}/19`);
    // The prize (its verification, once loaded, names the number too).
    await expect(visitor.getByText('5153', { exact: true }).first()).toBeVisible();

    const past = section(page, 'Past Results');
    await pickDate(past, page, 'From', DAY);
    await pickDate(past, page, 'To', DAY);
    await past.getByRole('button', { name: `Delete result for ${DAY} 19:30` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`The result 5153 of ${DAY} 19:30 will be deleted.`);
    await expect(dialog).toContainText(
      "It is published: its draw's page will show that 5153 was withdrawn, and when.",
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Result deleted successfully');

    const { data: traces } = await api
      .from('withdrawn_results')
      .select('withdrawn_at')
      .eq('draw_date', DAY)
      .eq('draw_hour', 19)
      .order('withdrawn_at', { ascending: false })
      .limit(1);
    const at = formatLotteryTime(traces![0]!.withdrawn_at, LOTTERY_TIMEZONE, DAY);

    await visitor.reload();
    await expect(visitor.getByText('Result withdrawn')).toBeVisible();
    const notice = visitor.getByRole('region', { name: 'Withdrawn results' });
    await expect(notice.getByRole('listitem').first()).toHaveText(
      `5153 was published for this draw (entered by the operator) and withdrawn at ${at}.`,
    );
    await expect(visitor.getByText('No result was published for this draw.')).toHaveCount(0);

    // Another number later: it shows, and so does the withdrawn one, on the page and in its check.
    // Reloaded at once: the served page must not keep the day it read a moment before.
    const again = await api
      .from('lottery_results')
      .insert({ draw_date: DAY, draw_hour: 19, draw_time: '19:30:00', first_prize: '4321' });
    expect(again.error).toBeNull();
    await visitor.reload();
    await expect(visitor.getByText('4321', { exact: true }).first()).toBeVisible();
    await expect(notice).toContainText('5153 was published for this draw');
    await expect(visitor.getByText(/^Withdrawn: 5153 \(entered by the operator\)/)).toContainText(
      `withdrawn at ${at}.`,
    );
  } finally {
    await visitorContext.close();
  }
});

test('editing a system draw warns that it becomes the operator’s first', async ({ page }) => {
  await page.goto('/admin');
  const api = await adminApi(page);
  await api.from('lottery_results').delete().eq('draw_date', SYSTEM_DAY);
  // A day ahead is committed and drawn by the system (ADR 012).
  const generated = await api.functions.invoke('generate-lottery-results', {
    body: { fromDate: SYSTEM_DAY, toDate: SYSTEM_DAY },
  });
  expect(generated.error).toBeNull();
  try {
    const past = section(page, 'Past Results');
    await pickDate(past, page, 'From', SYSTEM_DAY);
    await pickDate(past, page, 'To', SYSTEM_DAY);
    const row = past.getByRole('listitem').filter({ hasText: '05:30' });
    const before = (await row.innerText()).match(/\b\d{4}\b(?!-)/g)?.at(-1);
    const typed = before === '1234' ? '4321' : '1234';

    await past.getByRole('button', { name: `Edit result for ${SYSTEM_DAY} 05:30` }).click();
    const input = past.getByRole('textbox', { name: `First prize for ${SYSTEM_DAY} 05:30` });
    await input.fill(typed);
    await past.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Edit a system draw?' });
    await expect(dialog).toContainText('was drawn by the system');
    await expect(dialog).toContainText(
      `Saved as ${typed}, it becomes entered by the operator and no longer verifies.`,
    );
    // Cancel keeps the row in edit mode with what was typed; nothing is saved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(input).toHaveValue(typed);
    const still = await api
      .from('lottery_results')
      .select('source')
      .eq('draw_date', SYSTEM_DAY)
      .eq('draw_hour', 5)
      .single();
    expect(still.data?.source).toBe('system');

    await past.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: "Save as the operator's" }).click();
    await expectToast(page, 'Success', 'Result updated successfully');
    await expect(input).toBeHidden();
    await expect(row).toContainText(typed);
    const after = await api
      .from('lottery_results')
      .select('source, first_prize')
      .eq('draw_date', SYSTEM_DAY)
      .eq('draw_hour', 5)
      .single();
    expect(after.data).toEqual({ source: 'operator', first_prize: typed });
  } finally {
    await api.from('lottery_results').delete().eq('draw_date', SYSTEM_DAY);
  }
});

test('Generate and Delete Range say how many results they create and delete', async ({ page }) => {
  await page.goto('/admin');
  const api = await adminApi(page);
  await api
    .from('lottery_results')
    .delete()
    .gte('draw_date', RANGE_FROM)
    .lte('draw_date', RANGE_TO);
  const { error } = await api.from('lottery_results').insert(
    [1, 2, 3].map((hour) => ({
      draw_date: RANGE_FROM,
      draw_hour: hour,
      draw_time: `0${hour}:30:00`,
      first_prize: `000${hour}`,
    })),
  );
  expect(error).toBeNull();

  const actions = section(page, 'Quick Actions');
  await pickDate(actions, page, 'From', RANGE_FROM);
  await pickDate(actions, page, 'To', RANGE_TO);

  await actions.getByRole('button', { name: 'Generate Random Results' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Generate results?' });
  await expect(dialog).toContainText(
    `This creates 45 results, a random number for every hour from ${RANGE_FROM} to ${RANGE_TO} without a result.`,
  );
  await expect(dialog).toContainText('3 hours already have a result: they are kept as they are.');
  await dialog.getByRole('button', { name: 'Generate 45 results' }).click();
  await expectToast(
    page,
    'Success',
    `45 results generated from ${RANGE_FROM} to ${RANGE_TO} (3 hours already had one)`,
  );

  await actions.getByRole('button', { name: 'Delete Range' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Delete results?' });
  await expect(dialog).toContainText(`This deletes 48 results from ${RANGE_FROM} to ${RANGE_TO}.`);
  await expect(dialog).toContainText(
    "All of them are published: each draw's page will show its number as withdrawn, with the time.",
  );
  await dialog.getByRole('button', { name: 'Delete 48 results' }).click();
  await expectToast(page, 'Success', `48 results deleted from ${RANGE_FROM} to ${RANGE_TO}`);

  // Nothing left: the dialog says so and cannot delete.
  await actions.getByRole('button', { name: 'Delete Range' }).click();
  await expect(dialog).toContainText(
    `There are no results from ${RANGE_FROM} to ${RANGE_TO}: there is nothing to delete.`,
  );
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A visitor sees what became of one of them.
  await page.goto(`/draw/${RANGE_FROM}/2`);
  await expect(page.getByRole('region', { name: 'Withdrawn results' })).toContainText(
    '0002 was published for this draw (entered by the operator) and withdrawn at',
  );
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
  }
});
