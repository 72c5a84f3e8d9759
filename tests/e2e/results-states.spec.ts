import { expect, test, type Page, type Route } from '@playwright/test';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { timeIn } from '../../src/lib/zone-names.ts';
import {
  apiClients,
  failure,
  lotteryDay,
  main,
  publishedHoursToday,
  putResult,
  randomPrize,
  restoreResults,
  resultsOf,
  resultsRest,
  spoken,
  today,
  ZONE,
  type Client,
} from './public-data.ts';
import { withoutServedRows } from './served-rows.ts';
import { allow as allowMs } from '../utils/load-factor.ts';

// A failing and an offline API, as a visitor meets them: the list never claims a day is empty
// when it could not be read, and the page says when it is not current.

let anon: Client;
let admin: Client;

test.beforeAll(async ({ request, baseURL }) => {
  ({ anon, admin } = await apiClients(request, baseURL!));
});

/** Collects what the page logs with console.error. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('a REST 500 on Today and History says the results could not be loaded, and Retry loads them', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await withoutServedRows(page);
  const fail = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
    });
  await page.route(resultsRest, fail);

  const day = lotteryDay(-1);
  const rows = await resultsOf(anon, day);
  expect(rows.length).toBeGreaterThan(0);
  await page.goto(`/history?date=${day}`);
  await expect(failure(page)).toContainText('The results could not be loaded.');
  await expect(main(page)).not.toContainText('No results');
  await expect(main(page).getByRole('listitem')).toHaveCount(0);
  expect(errors.some((text) => text.includes('Query failed'))).toBe(true);

  await page.unroute(resultsRest);
  await failure(page).getByRole('button', { name: 'Retry' }).click();
  await expect(main(page).getByRole('listitem')).toHaveCount(rows.length);
  await expect(failure(page)).toHaveCount(0);
  await expect(main(page)).toContainText(`${formatLongDate(day)} - ${rows.length} draw`);

  // Today, reached by clicking, while the API fails again.
  await page.route(resultsRest, fail);
  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
  await expect(failure(page)).toContainText('The results could not be loaded.');
  await expect(main(page)).not.toContainText('No results');
  await page.unroute(resultsRest);
  await failure(page).getByRole('button', { name: 'Retry' }).click();
  const published = await resultsOf(anon, today());
  await expect(main(page).getByRole('listitem')).toHaveCount(published.length);
});

test('a refused connection fails promptly, without a dozen seconds of retries', async ({
  page,
}) => {
  const retries: string[] = [];
  await withoutServedRows(page);
  await page.route(resultsRest, (route) => {
    const retry = route.request().headers()['x-retry-count'];
    if (retry) retries.push(retry);
    return route.abort('connectionrefused');
  });
  await page.goto('/');
  // postgrest-js retried each read three times with backoff (1 s, 2 s, 4 s, marked by
  // X-Retry-Count) and React Query once more: some 16 s of spinner. Now only React Query's one
  // retry, a second later, stands between the visitor and the message (within expect's 5 s).
  await expect(failure(page)).toContainText('The results could not be loaded.');
  expect(retries).toEqual([]);
  await expect(main(page)).not.toContainText('No results');
});

test('a server that never answers is given up on after a bounded wait', async ({ page }) => {
  await page.clock.install();
  await withoutServedRows(page);
  const pending: Route[] = [];
  await page.route(resultsRest, (route) => void pending.push(route));
  await page.goto('/');
  await expect.poll(() => pending.length).toBeGreaterThan(0);
  await expect(page.getByText('Loading results...')).toBeVisible();
  // The read's bound (10 s), React Query's retry a second later, and that read's bound.
  await page.clock.runFor(11_000);
  await expect.poll(() => pending.length).toBeGreaterThan(1);
  await page.clock.runFor(11_000);
  await expect(failure(page)).toContainText('The results could not be loaded.');
  await expect(main(page)).not.toContainText('No results');
});

test('offline, Today says since when its results are, stops counting down, and re-reads when back', async ({
  page,
  context,
}) => {
  const hours = publishedHoursToday();
  expect(hours.length).toBeGreaterThan(0);
  const hour = hours[hours.length - 1]!;
  const saved = (await resultsOf(admin, today())).filter((row) => row.draw_hour === hour);
  const before = new Date();
  await page.goto('/');
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(main(page).getByRole('listitem').first()).toBeVisible();
  const after = new Date();

  try {
    await context.setOffline(true);
    const notice = page.getByText(/^Offline: showing results last updated at \d{2}:\d{2}\.$/);
    await expect(notice).toBeVisible();
    // The time of the last read, on the lottery's clock.
    const shown = /(\d{2}:\d{2})/.exec((await notice.textContent())!)![1];
    expect([timeIn(before, ZONE), timeIn(after, ZONE)]).toContain(shown);
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText('Paused while offline')).toBeVisible();
    await expect(main(page).getByRole('listitem').first()).toBeVisible();

    // A change while the visitor is offline is there once they are back.
    const prize = randomPrize();
    await putResult(admin, today(), hour, prize);
    const reread = page.waitForRequest(resultsRest);
    await context.setOffline(false);
    await reread;
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(main(page).getByText(spoken(prize))).toBeVisible();
  } finally {
    await context.setOffline(false);
    await restoreResults(admin, saved);
  }
});

test('when the live connection drops, Today says "Reconnecting…" until it is back', async ({
  page,
}) => {
  let allow = true;
  const open: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    if (!allow) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  await page.goto('/');
  await expect(page.getByRole('timer')).toBeVisible();
  await expect.poll(() => open.length).toBe(1);
  await expect(main(page).getByRole('listitem').first()).toBeVisible();

  allow = false;
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await expect(page.getByText(/^Reconnecting…/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);

  allow = true;
  const reread = page.waitForRequest(resultsRest, { timeout: allowMs(20_000) });
  // realtime-js retries after 1, 2, 5 and then 10 s.
  await expect(page.getByText(/^Reconnecting…/)).toHaveCount(0, { timeout: allowMs(20_000) });
  await reread;
  await expect(page.getByRole('timer')).toBeVisible();
});
