import { expect, test } from '@playwright/test';
import { drawName, formatShortDay } from '../../src/shared/draw-address.ts';
import { hourLabel } from '../../src/shared/lottery-clock.ts';
import {
  apiClients,
  clearOfDrawMoment,
  lotteryDay,
  publishedHoursToday,
  putResult,
  randomPrize,
  removeResult,
  today,
  type Client,
} from './public-data.ts';
import { grid, heading } from './grid-page.ts';
import { sameDocument } from './same-document.ts';
import { withoutServedRows } from './served-rows.ts';

let admin: Client;
const yesterday = () => lotteryDay(-1);
// Two neighbouring draws of yesterday with numbers of this run, and a hidden one ahead.
const prizes = { ten: randomPrize(), eleven: randomPrize() };
// Tomorrow's last draw: it cannot be published while the run lasts.
const hidden = { date: lotteryDay(1), hour: 23, prize: '9' + randomPrize().slice(1) };

test.beforeAll(async ({ request, baseURL }) => {
  ({ admin } = await apiClients(request, baseURL!));
  await putResult(admin, yesterday(), 10, prizes.ten);
  await putResult(admin, yesterday(), 11, prizes.eleven);
  await putResult(admin, hidden.date, hidden.hour, hidden.prize);
});
test.afterAll(async () => {
  await removeResult(admin, hidden.date, hidden.hour);
});

test('from the header to the grid, to a draw, its neighbours, Back, Forward and reload', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Grid' }).click();
  await expect(page).toHaveURL(/\/grid$/);
  await expect(heading(page)).toHaveText('Results Grid');
  await expect(page).toHaveTitle('Results grid: last 7 days | Lotto24');
  const table = grid(page).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(25);
  // Yesterday is the second day column; hours are rows (00:30 first).
  await expect(table.getByRole('columnheader').nth(2)).toContainText(formatShortDay(yesterday()));
  const cell = table.getByRole('row').nth(11).getByRole('cell').nth(1);
  await expect(cell).toHaveText(prizes.ten);
  const app = await sameDocument(page);
  await cell.getByRole('link').click();

  await expect(page).toHaveURL(`/draw/${yesterday()}/10`);
  expect(await app.stillOpen(), 'the cell opened its draw in the app, without a page load').toBe(
    true,
  );
  await expect(heading(page)).toHaveText('Draw #11 at 10:30');
  await expect(page.getByText(`First prize ${prizes.ten.split('').join(' ')}`)).toBeAttached();
  await expect(page).toHaveTitle(
    `${drawName({ date: yesterday(), hour: 10 })}: ${prizes.ten} | Lotto24`,
  );

  // A published draw's page carries its verification (ADR 012): here an operator's demo entry.
  await expect(page.getByRole('region', { name: /^Verification of draw 10:30/ })).toBeVisible();
  await page.getByRole('link', { name: /^Next draw/ }).click();
  await expect(page).toHaveURL(`/draw/${yesterday()}/11`);
  await expect(page.getByText(prizes.eleven, { exact: true }).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/draw/${yesterday()}/10`);
  await expect(page.getByText(prizes.ten, { exact: true }).first()).toBeVisible();
  await page.goForward();
  await expect(page.getByText(prizes.eleven, { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(prizes.eleven, { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: /^Previous draw/ }).click();
  await expect(page).toHaveURL(`/draw/${yesterday()}/10`);

  await page.getByRole('link', { name: /in History$/ }).click();
  await expect(page).toHaveURL(`/history?date=${yesterday()}`);
  await expect(heading(page)).toHaveText('Results History');
  for (const back of [10, 11, 10]) {
    await page.goBack();
    await expect(page).toHaveURL(`/draw/${yesterday()}/${back}`);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/grid$/);
  await expect(grid(page)).toBeVisible();
});

test('by keyboard: the period switch, a cell, and the neighbours', async ({ page }) => {
  await page.goto('/grid');
  await expect(grid(page).getByRole('table')).toBeVisible();
  const month = page.getByRole('link', { name: 'Last 30 days' });
  await month.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/grid\?days=30$/);
  await expect(grid(page).getByRole('columnheader')).toHaveCount(31);
  // From the scrolling table (focusable, so it scrolls by arrow keys) Tab reaches the numbers.
  await grid(page).focus();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', /^\/draw\//);
  const href = await focused.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href!);
  await page.getByRole('link', { name: /^Next draw/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(href!);
  await expect(heading(page)).toHaveText(/^Draw #\d+ at \d{2}:30$/);
});

test('the rows of Today and History open their draw', async ({ page }) => {
  await page.goto(`/history?date=${yesterday()}`);
  const app = await sameDocument(page);
  await page.getByRole('listitem').filter({ hasText: '10:30' }).getByRole('link').click();
  await expect(page).toHaveURL(`/draw/${yesterday()}/10`);
  expect(await app.stillOpen(), 'the row opened its draw in the app').toBe(true);
  await expect(page.getByText(prizes.ten, { exact: true }).first()).toBeVisible();

  const hour = publishedHoursToday()[0]!;
  await page.goto('/');
  await page
    .getByRole('listitem')
    .filter({ hasText: hourLabel(hour) })
    .first()
    .click();
  await expect(page).toHaveURL(`/draw/${today()}/${hour}`);
  await expect(heading(page)).toHaveText(`Draw #${hour + 1} at ${hourLabel(hour)}`);
});

test('a draw still ahead says when, and its number stays out of page and preview', async ({
  page,
  request,
}) => {
  await page.goto(`/draw/${hidden.date}/${hidden.hour}`);
  await expect(page.getByText('Not drawn yet')).toBeVisible();
  await expect(page.getByText(/Your time: /)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(hidden.prize);

  const html = await (await request.get(`/draw/${hidden.date}/${hidden.hour}`)).text();
  expect(html).not.toContain(hidden.prize);
  expect(html).toContain('not drawn yet');
});

test("today's draw appears live when its result arrives", async ({ page }) => {
  // Inside a draw's window its page says "Drawing now…", and the tick would draw it.
  const { hour } = await clearOfDrawMoment(page);
  // Its result withdrawn: the page says so (never "no result was published", not even while
  // it reads the traces), then the new number arrives live.
  const withdrawn = randomPrize();
  await putResult(admin, today(), hour, withdrawn);
  await removeResult(admin, today(), hour);
  await page.goto(`/draw/${today()}/${hour}`);
  await expect(page.getByText('Result withdrawn')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Withdrawn results' })).toContainText(withdrawn);
  const prize = randomPrize();
  await putResult(admin, today(), hour, prize);
  await expect(page.getByText(prize, { exact: true })).toBeVisible();
  await expect(page.getByText('Result withdrawn')).toHaveCount(0);
});

test('the served preview of a draw names its number', async ({ request }) => {
  const html = await (await request.get(`/draw/${yesterday()}/10`)).text();
  const description = `${drawName({ date: yesterday(), hour: 10 })}: ${prizes.ten}`;
  expect(html).toContain(`<meta data-served property="og:description" content="${description}`);
  expect(html).toContain(
    `<meta data-served name="twitter:title" content="${description} | Lotto24">`,
  );
  expect(html).toMatch(new RegExp(`rel="canonical" href="[^"]+/draw/${yesterday()}/10"`));
  const bad = await request.get('/draw/2026-02-30/3', { headers: { Accept: 'text/html' } });
  expect(bad.status()).toBe(404);
});

test('a failing API: the grid and a draw say so and Retry loads them, never "no results"', async ({
  page,
}) => {
  const rest = /\/rest\/v1\/lottery_results/;
  await page.route(rest, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
    }),
  );
  // The draw page's own read, not the day the stack serves in it (ADR 029).
  await withoutServedRows(page);
  const failure = page.getByRole('main').getByRole('alert');
  // Yesterday's 10:30 as each page shows it: the grid's cell (another cell may hold the same
  // number), the draw page's number.
  const loaded = [
    ['/grid', () => page.locator(`a[href="/draw/${yesterday()}/10"]`)],
    [`/draw/${yesterday()}/10`, () => page.getByText(prizes.ten, { exact: true }).first()],
  ] as const;
  for (const [path, loadedNumber] of loaded) {
    await page.goto(path);
    await expect(failure).toContainText('The results could not be loaded.');
    await expect(page.getByRole('main')).not.toContainText(/No result/);
    await page.unroute(rest);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(loadedNumber()).toHaveText(prizes.ten);
    await expect(failure).toHaveCount(0);
    await page.route(rest, (route) => route.fulfill({ status: 500, body: '{}' }));
  }
});

test.describe('sharing a draw', () => {
  test('opens the share sheet where the browser has one', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/draw/${yesterday()}/10`);
    await expect(page.getByText(prizes.ten, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Share this draw' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
    expect(shared.url).toMatch(new RegExp(`/draw/${yesterday()}/10$`));
    expect(shared.text).toContain(prizes.ten);
    await expect(page.getByText('Link copied', { exact: true })).toHaveCount(0);
  });

  test('copies the link with a toast where it has none', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/draw/${yesterday()}/10`);
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    await page.getByRole('button', { name: 'Share this draw' }).click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/draw/${yesterday()}/10$`));
  });
});
