import { expect, test } from '@playwright/test';
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
  type Client,
} from './public-data.ts';
import { allow as allowMs } from '../utils/load-factor.ts';

// The page's own code arriving late or not at all: the live client after the first paint, and
// History's calendar when a visitor reaches for it. A failed download is tried again, and where
// Chromium keeps a failed import for the life of the page, the page reloads for it.

let anon: Client;
let admin: Client;

test.beforeAll(async ({ request, baseURL }) => {
  ({ anon, admin } = await apiClients(request, baseURL!));
});

test.describe('without a service worker', () => {
  // A browser that refuses the worker (a setting, a private window): the calendar's code then
  // arrives only online. With the worker it is kept for offline use (offline-pwa.spec.ts).
  test.use({ serviceWorkers: 'block' });

  test('offline before its live client arrived, Today goes live once back', async ({
    page,
    context,
  }) => {
    // The page shows its served rows at once and downloads its client after the first paint: a
    // connection lost in between (a CI run did so by chance, going offline right after the rows)
    // failed that download, and the page stayed on its first rows until reloaded. Without the
    // worker, the download again reaches the network: an installed worker answers it from its
    // cache, where the route below never sees it.
    const hours = publishedHoursToday();
    const hour = hours[hours.length - 1]!;
    const saved = (await resultsOf(admin, today())).filter((row) => row.draw_hour === hour);
    let failed!: () => void;
    const downloadFailed = new Promise<void>((resolve) => (failed = resolve));
    let asked = 0;
    await page.route(/\/assets\/app-reader-[^/]+\.js$/, async (route) => {
      if ((asked += 1) > 1) return route.continue();
      // Offline first, as a lost connection is: the page learns of it with the failure. (A
      // failure the browser saw while online is retried on a timer, and then a test going back
      // online before that timer raced the page.)
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      failed();
    });
    try {
      await page.goto('/');
      await expect(main(page).getByRole('listitem').first()).toBeVisible();
      await downloadFailed;
      const notice = page.getByText(/^Offline: showing results last updated at \d{2}:\d{2}\.$/);
      await expect(notice).toBeVisible();

      const prize = randomPrize();
      await putResult(admin, today(), hour, prize);
      const reread = page.waitForRequest(resultsRest);
      await context.setOffline(false);
      await reread;
      await expect(main(page).getByText(spoken(prize))).toBeVisible();
      await expect(notice).toHaveCount(0);
      // Asked again online: by the import itself, or by the page it reloaded when Chromium
      // answered that import from the failed module graph it keeps (a reloaded page shows the
      // served rows before it asks).
      await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
    } finally {
      await context.setOffline(false);
      await restoreResults(admin, saved);
    }
  });

  test('a live client whose download failed online comes on its own, the page reloading if need be', async ({
    page,
  }) => {
    // A server hiccup, the browser online throughout: the page tries again after 5 s, and where
    // Chromium answers that import from the failed graph it keeps, reloads once (a CI run saw
    // the page stay on its first rows for good).
    const hours = publishedHoursToday();
    const hour = hours[hours.length - 1]!;
    const saved = (await resultsOf(admin, today())).filter((row) => row.draw_hour === hour);
    let asked = 0;
    await page.route(/\/assets\/app-reader-[^/]+\.js$/, async (route) => {
      if ((asked += 1) > 1) return route.continue();
      await route.abort('connectionreset');
    });
    try {
      await page.goto('/');
      await expect(main(page).getByRole('listitem').first()).toBeVisible();
      await expect.poll(() => asked).toBe(1);
      const prize = randomPrize();
      await putResult(admin, today(), hour, prize);
      await expect(main(page).getByText(spoken(prize))).toBeVisible({ timeout: allowMs(20_000) });
      // A reloaded page shows that prize in its served rows before it asks for its live client:
      // live means asked again, and the next change arriving with no reload.
      await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
      const next = String((Number(prize) + 1) % 10_000).padStart(4, '0');
      await putResult(admin, today(), hour, next);
      await expect(main(page).getByText(spoken(next))).toBeVisible({ timeout: allowMs(15_000) });
    } finally {
      await restoreResults(admin, saved);
    }
  });

  // Retry downloads the chunk again, or reloads the page where the browser keeps it failed.
  test('offline, History keeps working: the calendar and a day it cannot read yet say so', async ({
    page,
    context,
  }) => {
    const [day, other] = [lotteryDay(-1), lotteryDay(-2)];
    const rows = await resultsOf(anon, other);
    const picker = page.getByRole('button', { name: /^Pick a date/ });
    await page.goto(`/history?date=${day}`);
    await expect(main(page).getByRole('listitem').first()).toBeVisible();

    await context.setOffline(true);
    await expect(
      page.getByText(/^Offline: showing results last updated at \d{2}:\d{2}\.$/),
    ).toBeVisible();
    // The picker's code comes when a visitor reaches for it (a pointer over it), and never came:
    // its button says so instead of blanking the page. A click would race that swap: the pointer
    // arriving asks for the code, and the failure can replace the button before the press.
    await picker.hover();
    const pickerRetry = page.getByRole('button', { name: 'Date picker not loaded: retry' });
    await expect(pickerRetry).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results History');
    await context.setOffline(false);
    // Back online, the calendar's own code still fails: the opened picker says so.
    const calendarCode = /\/calendar-[\w-]+\.js$/;
    await page.route(calendarCode, (route) => route.abort());
    // Where the browser keeps a failed module graph failed (Chromium 150), a retry reloads the
    // page, on the same day; elsewhere the picker appears in place, opened as it was pressed.
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    await pickerRetry.click();
    await expect
      .poll(async () => reloaded || (await picker.getAttribute('aria-haspopup')) === 'dialog')
      .toBe(true);
    await expect(page).toHaveURL(`/history?date=${day}`);
    await expect(main(page).getByRole('listitem').first()).toBeVisible();
    const calendar = page.getByRole('dialog');
    if (!(await calendar.count())) await picker.click();
    await expect(calendar.getByRole('alert')).toContainText('The calendar could not be loaded');
    await page.unroute(calendarCode);
    await calendar.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(async () => (await calendar.getByRole('grid').count()) > 0 || !(await calendar.count()))
      .toBe(true);
    if ((await calendar.count()) === 0) {
      await expect(page).toHaveURL(`/history?date=${day}`);
      await picker.click();
    }
    await expect(calendar.getByRole('grid')).toBeVisible();
    await page.keyboard.press('Escape');

    // Offline again, choose the day before, which was never read.
    await context.setOffline(true);
    await picker.click();
    await expect(calendar.getByRole('grid')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/history?date=${other}`);
    await expect(failure(page)).toContainText('You are offline');
    await expect(page.getByText('Loading results...')).toHaveCount(0);
    await expect(main(page)).not.toContainText('No results');

    await context.setOffline(false);
    await expect(main(page).getByRole('listitem')).toHaveCount(rows.length);
    await expect(page.getByText(/Offline/)).toHaveCount(0);
  });
});
