import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { drawTime, publishedAt } from '../../src/shared/lottery-clock.ts';
import {
  adminApi,
  expectToast,
  LOTTERY_TIMEZONE,
  lotteryDay,
  pickDate,
  saveAdminSession,
  section,
} from './admin-utils.ts';
import { serviceClient } from './service-client.ts';
import { ownerPool } from './verify-utils.ts';

// Issue 28: never show or publish something untrue. Days of its own, away from the demo seed's
// last 30 and from the other admin specs' days.
const ENTRY_DAY = lotteryDay(-47);
const CLASH_DAY = lotteryDay(-48);
const DRAW_DAY = lotteryDay(-49);
const DRAW_HOUR = 10;
const sessionFile = '.tmp/e2e-draw-moment-session.json';

test.beforeAll(async ({ browser }) => saveAdminSession(browser, sessionFile, e2eAdmin));
test.use({ storageState: sessionFile });

const hourSelect = (page: Page) =>
  section(page, 'Add New Result').getByRole('combobox', { name: 'Draw time' });
const hourOptions = (page: Page) => hourSelect(page).locator('option').allTextContents();

async function openAddForm(page: Page, date: string) {
  await page.goto('/admin');
  const add = section(page, 'Add New Result');
  await pickDate(add, page, 'Draw date', date);
  return add;
}

test('the prize is checked as typed: 12345, 123 and 12ab cannot be published', async ({ page }) => {
  await page.goto('/admin');
  const api = await adminApi(page);
  await api.from('lottery_results').delete().eq('draw_date', ENTRY_DAY);
  const add = await openAddForm(page, ENTRY_DAY);
  await expect.poll(() => hourOptions(page)).toHaveLength(24);
  await hourSelect(page).selectOption({ label: '07:30' });
  const prize = add.getByRole('textbox', { name: 'First prize' });
  const error = add.getByRole('alert').filter({ hasText: 'Enter exactly 4 digits' });
  // A submit that passed the check would send its insert at once, before the error shows.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/rest/v1/'))
      writes.push(request.url());
  });

  for (const typed of ['12345', '123', '12ab']) {
    await prize.fill('');
    await prize.pressSequentially(typed);
    // Nothing cut: the field holds what was typed.
    await expect(prize).toHaveValue(typed);
    await add.getByRole('button', { name: 'Add Result' }).click();
    await expect(error).toBeVisible();
    await expect(prize).toHaveAttribute('aria-invalid', 'true');
  }
  expect(writes).toEqual([]);
  const { data } = await api.from('lottery_results').select('id').eq('draw_date', ENTRY_DAY);
  expect(data).toEqual([]);

  await prize.fill('0008');
  await expect(error).toHaveCount(0);
  await add.getByRole('button', { name: 'Add Result' }).click();
  await expectToast(
    page,
    'Success',
    `Lottery result added successfully: 0008 for ${ENTRY_DAY} 07:30`,
  );
});

test('the chosen hour stays when another tab fills it, and the form names the clash', async ({
  page,
  context,
}) => {
  await page.goto('/admin');
  const api = await adminApi(page);
  await api.from('lottery_results').delete().eq('draw_date', CLASH_DAY);
  const first = await openAddForm(page, CLASH_DAY);
  await expect.poll(() => hourOptions(page)).toHaveLength(24);
  await hourSelect(page).selectOption({ label: '23:30' });
  await first.getByRole('textbox', { name: 'First prize' }).fill('0008');

  // A second tab of the same browser adds 23:30 first.
  const other = await context.newPage();
  const second = await openAddForm(other, CLASH_DAY);
  await expect.poll(() => hourOptions(other)).toHaveLength(24);
  await hourSelect(other).selectOption({ label: '23:30' });
  await second.getByRole('textbox', { name: 'First prize' }).fill('1111');
  await second.getByRole('button', { name: 'Add Result' }).click();
  await expectToast(other, 'Success', `1111 for ${CLASH_DAY} 23:30`);

  // The first tab keeps 23:30 and says so, rather than quietly moving the 0008 to 22:30.
  await expect(first.getByRole('alert')).toHaveText(
    '23:30 already has a result: choose another hour',
  );
  await expect(hourSelect(page)).toHaveValue('23');
  await expect(first.getByRole('textbox', { name: 'First prize' })).toHaveValue('0008');
  await expect(first.getByRole('button', { name: 'Add Result' })).toBeDisabled();

  // Choosing another hour on purpose publishes there.
  await hourSelect(page).selectOption({ label: '22:30' });
  await expect(first.getByRole('alert')).toHaveCount(0);
  await first.getByRole('button', { name: 'Add Result' }).click();
  await expectToast(page, 'Success', `0008 for ${CLASH_DAY} 22:30`);
  const { data } = await api
    .from('lottery_results')
    .select('draw_hour, first_prize')
    .eq('draw_date', CLASH_DAY)
    .order('draw_hour');
  expect(data).toEqual([
    { draw_hour: 22, first_prize: '0008' },
    { draw_hour: 23, first_prize: '1111' },
  ]);
});

/**
 * Empties the draw's day as its owner: the results, and the traces their deletion leaves (ADR 024;
 * no API key may remove one), so each case starts from a draw that was never published.
 */
async function clearDrawDay() {
  const owner = ownerPool();
  try {
    await owner.query(`delete from public.lottery_results where draw_date = $1`, [DRAW_DAY]);
    await owner.query(`delete from public.withdrawn_results where draw_date = $1`, [DRAW_DAY]);
  } finally {
    await owner.end();
  }
}

/**
 * Records, on every change of the page, the text of `selector`: so "no frame showed it" is a fact
 * about every render, not a sample of a few.
 */
async function recordTexts(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const text = document.querySelector(watched)?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}

// The browser's clock is moved to DRAW_DAY just before DRAW_HOUR:30 (the stack's clock is real:
// the row is long published there, so row-level security and realtime deliver it at once).
const drawAt = () => publishedAt(DRAW_DAY, DRAW_HOUR, LOTTERY_TIMEZONE).getTime();
const pages = [
  { name: 'Today', url: '/', watch: 'main' },
  { name: 'the draw page', url: `/draw/${DRAW_DAY}/${DRAW_HOUR}`, watch: 'main' },
  {
    name: 'the Grid cell',
    url: '/grid',
    // Hours are rows (00:30 first), today the first day column.
    watch: `main table tbody tr:nth-child(${DRAW_HOUR + 1}) td:nth-child(2)`,
  },
];

for (const { name, url, watch } of pages) {
  test(`the draw moment on ${name}: drawing, never "No result", then the number`, async ({
    browser,
    baseURL,
  }) => {
    const service = serviceClient(baseURL!);
    await clearDrawDay();
    // The hour before, so Today and the Grid have a list and a table to show.
    const before = await service.from('lottery_results').insert({
      draw_date: DRAW_DAY,
      draw_hour: DRAW_HOUR - 1,
      draw_time: drawTime(DRAW_HOUR - 1),
      first_prize: '4242',
    });
    expect(before.error).toBeNull();

    // A visitor (signed out): what the public sees.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    // Half a minute ahead: the page's load lets the (flowing) fake clock move a few seconds.
    await page.clock.install({ time: drawAt() - 30_000 });
    const seen = await recordTexts(page, watch);
    await page.goto(url);
    if (name === 'Today') {
      await expect(page.getByRole('timer')).toBeVisible();
    }
    await expect(page.getByText('Loading results...')).toHaveCount(0);

    // Across HH:30:00: the draw is being made.
    await page.clock.fastForward(31_000);
    const drawing = name === 'the Grid cell' ? page.locator(watch) : page.getByRole('main');
    await expect(drawing.getByText('Drawing now…').first()).toBeVisible();
    await page.clock.fastForward(4_000);
    await expect(drawing.getByText('Drawing now…').first()).toBeVisible();
    // Today's row of the draw being made is as tall as the row that replaces it: nothing under
    // it moves when the number arrives.
    const firstRow = page
      .getByRole('list', { name: "Today's draws, newest first" })
      .getByRole('listitem')
      .first();
    const drawingHeight = name === 'Today' ? (await firstRow.boundingBox())!.height : 0;

    // The number arrives a few seconds after the draw time, as the automatic draw's would.
    const prize = String(1000 + Math.floor(Math.random() * 9000));
    const inserted = await service.from('lottery_results').insert({
      draw_date: DRAW_DAY,
      draw_hour: DRAW_HOUR,
      draw_time: drawTime(DRAW_HOUR),
      first_prize: prize,
    });
    expect(inserted.error).toBeNull();
    // The live channel (Today, the draw page) or the reads every 3 s while drawing (all pages).
    await page.clock.fastForward(3_500);
    if (name === 'the Grid cell') await expect(page.locator(watch)).toHaveText(prize);
    else await expect(page.getByRole('main').getByText(prize).first()).toBeAttached();
    await expect(drawing.getByText('Drawing now…')).toHaveCount(0);
    if (name === 'Today') expect((await firstRow.boundingBox())!.height).toBe(drawingHeight);

    const texts = await seen();
    expect(texts.some((text) => text.includes('Drawing now…'))).toBe(true);
    // The Grid marks a missed draw "–" (its screen-reader text "No result").
    const missing = name === 'the Grid cell' ? /No result|–/ : /No result/;
    expect(texts.filter((text) => missing.test(text))).toEqual([]);
    await context.close();
  });
}

test('a draw that really is missing says so, but only after the drawing window', async ({
  browser,
}) => {
  await clearDrawDay();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  // A minute ahead: the page's load lets the (flowing) fake clock move a few seconds.
  await page.clock.install({ time: drawAt() - 60_000 });
  const seen = await recordTexts(page, 'main');
  await page.goto(`/draw/${DRAW_DAY}/${DRAW_HOUR}`);
  await expect(page.getByText('Not drawn yet')).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page.getByText('Drawing now…')).toBeVisible();
  await page.clock.fastForward(90_000);
  await expect(page.getByText('Drawing now…')).toBeVisible();
  expect((await seen()).filter((text) => /No result/.test(text))).toEqual([]);
  // DRAWING_WINDOW_MS (2 minutes) after the draw time.
  await page.clock.fastForward(30_000);
  await expect(page.getByText('No result was published for this draw.')).toBeVisible();
  await context.close();
});
