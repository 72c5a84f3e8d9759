import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../utils/chromium.ts';
import { apiClients, lotteryDay, today, type Client } from './public-data.ts';
import { allow } from '../utils/load-factor.ts';

// The smaller visitor details of issue 28, each moved through as a person does: by clicking,
// by keyboard, Back, and opening what a link opens.

let anon: Client;

// Playwright hides scrollbars in headless Chromium by default; the grid's test drags one.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

test.beforeAll(async ({ request, baseURL }) => {
  ({ anon } = await apiClients(request, baseURL!));
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const datePicker = (page: Page) => page.getByRole('button', { name: /^Pick a date/ });
const shots = '.tmp/visitor-details-shots';

async function firstDrawDate(): Promise<string> {
  const { data, error } = await anon
    .from('lottery_results')
    .select('draw_date')
    .order('draw_date')
    .limit(1);
  if (error) throw error;
  return data[0]!.draw_date;
}

test('History steps a day back and forward by button and keyboard; Back returns', async ({
  page,
}) => {
  await page.goto('/history');
  await expect(datePicker(page)).toContainText(formatLongDate(today()));
  const next = page.getByRole('button', { name: 'Next day' });
  const previous = page.getByRole('button', { name: 'Previous day' });
  await expect(next).toBeDisabled();
  await expect(
    page.getByText(`Results start on ${formatLongDate(await firstDrawDate())}.`),
  ).toBeVisible();

  await previous.click();
  await expect(page).toHaveURL(`/history?date=${lotteryDay(-1)}`);
  await expect(datePicker(page)).toContainText(formatLongDate(lotteryDay(-1)));
  await expect(next).toBeEnabled();

  // By keyboard: the buttons are Tab stops and Enter presses them.
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/history?date=${lotteryDay(-2)}`);
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/history?date=${lotteryDay(-1)}`);

  await page.goBack();
  await expect(page).toHaveURL(`/history?date=${lotteryDay(-2)}`);
  await expect(datePicker(page)).toContainText(formatLongDate(lotteryDay(-2)));
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/history');
  await expect(datePicker(page)).toContainText(formatLongDate(today()));

  // The calendar marks the days with results (the demo seeds every recent day).
  await datePicker(page).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`, has results`) }).first(),
  ).toBeVisible();
  await expect(page.getByText('Days with results')).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/history-calendar.png` });
});

test('a future or malformed ?date= says so and shows today', async ({ page }) => {
  const future = lotteryDay(3);
  await page.goto(`/history?date=${future}`);
  await expect(page).toHaveURL('/history');
  await expect(page.getByText(`${future} is in the future; showing today.`)).toBeVisible();
  await expect(datePicker(page)).toContainText(formatLongDate(today()));
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/history-future.png` });

  await page.goto('/history?date=yesterday');
  await expect(
    page.getByText('“yesterday” is not a date (yyyy-mm-dd); showing today.'),
  ).toBeVisible();
  // Choosing a day ends the notice.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByText(/showing today/)).toHaveCount(0);
});

test('a draw address with a zero-padded hour redirects to its one address', async ({ page }) => {
  const day = lotteryDay(-1);
  const response = await page.goto(`/draw/${day}/07`);
  expect(response!.status()).toBe(200);
  await expect(page).toHaveURL(`/draw/${day}/7`);
  await expect(heading(page)).toContainText('07:30');
  await expect(page.getByText('Draw not found')).toHaveCount(0);
});

test('the footer links the feed, and a browser shows it readably', async ({ page, baseURL }) => {
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(`${baseURL}/functions/v1/results-feed?format=rss`);
  // Styled by /feed.css: items are blocks with the explaining banner above, not a raw tree.
  const look = await page.evaluate(() => {
    const item = document.querySelector('item');
    const root = document.documentElement;
    return {
      root: root.localName,
      item: item && getComputedStyle(item).display,
      banner: getComputedStyle(root, '::before').content,
      guid: getComputedStyle(document.querySelector('guid')!).display,
    };
  });
  expect(look).toEqual({
    root: 'rss',
    item: 'block',
    banner: expect.stringContaining('feed reader'),
    guid: 'none',
  });
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/feed.png` });
});

test('after a click in the header, focus is on the new page heading', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page)).toHaveText("Today's Results");
  await expect(heading(page)).not.toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'History' }).click();
  await expect(heading(page)).toHaveText('Results History');
  await expect(heading(page)).toBeFocused();
  // A lazy page: focus waits for its heading.
  await nav.getByRole('link', { name: 'Grid' }).click();
  await expect(heading(page)).toHaveText('Results Grid');
  await expect(heading(page)).toBeFocused();
  await page.goBack();
  await expect(heading(page)).toHaveText('Results History');
  await expect(heading(page)).toBeFocused();
});

test('the 30-day grid keeps its horizontal scrollbar within reach at 1280x720', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/grid?days=30');
  const region = page.getByRole('region', { name: /First prizes from/ });
  await expect(region.getByRole('link').first()).toBeVisible({ timeout: allow(15_000) });
  await region.scrollIntoViewIfNeeded();
  const box = await region.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return {
      top: rect.top,
      bottom: rect.bottom,
      scrollsSideways: element.scrollWidth > element.clientWidth,
    };
  });
  expect(box.scrollsSideways).toBe(true);
  // A classic scrollbar takes room at the box's bottom.
  expect(
    await region.evaluate((element: HTMLElement) => element.offsetHeight - element.clientHeight),
  ).toBeGreaterThan(4);
  // The box fits the viewport, so its bottom edge (the scrollbar) can be on screen at once.
  expect(box.bottom - box.top).toBeLessThanOrEqual(720);
  await page.mouse.wheel(0, 2000);
  const bottom = await region.evaluate((element) => element.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThanOrEqual(720);

  // Dragging the scrollbar's thumb scrolls the days: it is reachable by mouse.
  const rect = (await region.boundingBox())!;
  const before = await region.evaluate((element) => element.scrollLeft);
  await page.mouse.move(rect.x + 40, rect.y + rect.height - 5);
  await page.mouse.down();
  await page.mouse.move(rect.x + 400, rect.y + rect.height - 5, { steps: 5 });
  await page.mouse.up();
  expect(await region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
  // The day row stays in view while the hours scroll.
  await region.evaluate((element) => element.scrollTo({ top: 400 }));
  const header = region.locator('thead th').nth(1);
  const headerTop = (await header.boundingBox())!.y;
  expect(Math.abs(headerTop - rect.y)).toBeLessThan(4);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/grid-1280.png` });
});
