import { expect, test, type Page, type Request } from '@playwright/test';
import {
  apiClients,
  clearOfDrawMoment,
  lotteryDay,
  publishedHoursToday,
  putResult,
  randomPrize,
  resultsOf,
  spoken,
  today,
  type Client,
} from './public-data.ts';
import { observeShifts } from './layout-shifts.ts';
import { allow } from '../utils/load-factor.ts';

// The day's rows travel in the served HTML (ADR 029): the first paint has them, no read of its
// own is made for them, and the live channel's one catch-up read keeps them current.
let anon: Client;
let admin: Client;

test.beforeAll(async ({ request, baseURL }) => {
  ({ anon, admin } = await apiClients(request, baseURL!));
});

const todayList = (page: Page) => page.getByRole('list', { name: "Today's draws, newest first" });

/** The page's reads of one day's list (the app's only query of lottery_results by day). */
function dayReads(page: Page, date: string): Request[] {
  const reads: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.pathname.endsWith('/rest/v1/lottery_results') &&
      url.searchParams.get('draw_date') === `eq.${date}`
    )
      reads.push(request);
  });
  return reads;
}

test('a cold load shows the served rows with the API blocked, then goes live', async ({ page }) => {
  // Inside a draw's window Today heads its list with that draw being made, maybe without a row.
  await clearOfDrawMoment(page);
  const hours = publishedHoursToday();
  expect(hours.length).toBeGreaterThan(0);
  const expected = await resultsOf(anon, today());
  const blocked: string[] = [];
  await page.route('**/rest/v1/lottery_results**', async (route) => {
    blocked.push(route.request().url());
    await route.abort();
  });
  await page.goto('/');
  const rows = todayList(page).getByRole('listitem');
  await expect(rows).toHaveCount(expected.length);
  await expect(rows.first()).toContainText(spoken(expected[0]!.first_prize));
  // The live channel joined and tried its catch-up read (refused here): events flow from now on.
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  const prize = randomPrize();
  const before = expected.find((row) => row.draw_hour === hours[0])!;
  try {
    await putResult(admin, today(), hours[0]!, prize);
    await expect(rows.first()).toContainText(spoken(prize), { timeout: allow(15_000) });
  } finally {
    await putResult(admin, today(), hours[0]!, before.first_prize);
  }
});

test("a change between the HTML's read and the live channel's join is caught", async ({ page }) => {
  await clearOfDrawMoment(page);
  const hours = publishedHoursToday();
  const saved = await resultsOf(anon, today());
  const before = saved.find((row) => row.draw_hour === hours[0])!;
  const prize = randomPrize();
  // The change lands after the server has read the page's rows and before the live channel can
  // join: the client chunk the channel needs (the anonymous reader's, ADR 028, or supabase-js's)
  // is held until the change is made. (The page itself is not held: a document fulfilled by
  // Playwright loses its local address space, and Chromium then refuses its websocket to
  // 127.0.0.1.)
  let changed = false;
  await page.route(/\/assets\/(app-reader|supabase-client)-[^/]*\.js$/, async (route) => {
    if (!changed) {
      await putResult(admin, today(), hours[0]!, prize);
      changed = true;
    }
    await route.continue();
  });
  const reads = dayReads(page, today());
  try {
    const response = await page.goto('/');
    expect(await response!.text()).toContain(`"first_prize":"${before.first_prize}"`);
    const first = todayList(page).getByRole('listitem').first();
    // The live channel's join, then its catch-up read (a loaded machine takes seconds).
    await expect(first).toContainText(spoken(prize), { timeout: allow(15_000) });
    expect(changed).toBe(true);
    expect(reads).toHaveLength(1);
  } finally {
    await putResult(admin, today(), hours[0]!, before.first_prize);
  }
});

test('one read of the day per cold load: the live catch-up on Today, none in History', async ({
  page,
}) => {
  // A draw being made is read again every 3 s until its row arrives.
  await clearOfDrawMoment(page);
  const reads = dayReads(page, today());
  await page.goto('/');
  await expect(todayList(page).getByRole('listitem').first()).toBeVisible();
  await expect.poll(() => reads.length).toBe(1);
  // Nothing else asks again (a second read would come within moments of the first).
  await page.waitForTimeout(1_500);
  expect(reads).toHaveLength(1);

  const day = lotteryDay(-1);
  const pastReads = dayReads(page, day);
  await page.goto(`/history?date=${day}`);
  await expect(page.getByRole('list', { name: /Draws of/ })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(pastReads).toHaveLength(0);
});

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`no layout shift on Today, History and a draw page at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const day = lotteryDay(-1);
    const shifts = await observeShifts(page);
    for (const address of ['/', '/history', `/history?date=${day}`, `/draw/${day}/14`]) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The live catch-up read and any late part of the page have arrived.
      await page.waitForLoadState('networkidle');
      const { sum, moved } = await shifts();
      expect(sum, `${address}: ${moved.join(', ')}`).toBe(0);
    }
  });
}

test('a Thai or Lao page waits for its late font rather than reflowing when it comes', async ({
  page,
}) => {
  // At 412 px the header's links take two lines in a fallback font, one in Noto Sans Thai.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.route('**/assets/noto-sans-*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const shifts = await observeShifts(page);
  const settled = async (where: string) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { sum, moved } = await shifts();
    expect(sum, `${where}: ${moved.join(', ')}`).toBe(0);
  };
  await page.goto('/th/');
  await settled('/th/');
  // Thai Stats by its header link (its own words come then), and Back to Today.
  await page.getByRole('link', { name: 'สถิติ' }).click();
  await expect(page).toHaveURL('/th/stats');
  await settled('/th/stats');
  await page.goBack();
  await expect(page).toHaveURL('/th/');
  await settled('Back on /th/');
  await page.goto('/lo/');
  await settled('/lo/');
});

for (const kind of ['history', 'draw'] as const)
  test(`${kind === 'history' ? "a past day's History" : 'a draw page'} whose rows were not served keeps their room while it reads`, async ({
    page,
  }) => {
    // A static host, or a stack past its served-read bound, sends the page without its rows
    // (ADR 029): the app reads them itself, and they must land where the loading state was.
    const day = lotteryDay(-1);
    const address = kind === 'history' ? `/history?date=${day}` : `/draw/${day}/14`;
    await page.route(
      (url) => url.pathname === address.split('?')[0],
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<script type="application\/json" id="lotto24-results">.*?<\/script>/s,
          '',
        );
        await route.fulfill({ response, body: html });
      },
    );
    let read: () => void = () => {};
    const held = new Promise<void>((resolve) => (read = resolve));
    await page.route('**/rest/v1/lottery_results?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width: 320, height: 640 });
    const shifts = await observeShifts(page);
    const expected = await resultsOf(anon, day);
    await page.goto(address);
    await expect(page.getByRole('status').getByText('Loading results...')).toBeVisible();
    read();
    if (kind === 'history')
      await expect(page.getByRole('list', { name: /Draws of/ }).getByRole('listitem')).toHaveCount(
        expected.length,
      );
    else
      await expect(page.locator('main')).toContainText(
        expected.find((row) => row.draw_hour === 14)!.first_prize,
      );
    await page.waitForLoadState('networkidle');
    const { sum, moved } = await shifts();
    expect(sum, moved.join(', ')).toBe(0);
  });
