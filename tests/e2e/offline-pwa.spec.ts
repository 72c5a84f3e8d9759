import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { timeIn } from '../../src/lib/zone-names.ts';
import { main, ZONE } from './public-data.ts';
import { withoutServedRows } from './served-rows.ts';

// The installable app as a visitor meets it: the manifest and icons a browser installs from, the
// service worker that keeps the app working offline with the last results seen (saying since
// when), and a deploy that replaces the old app (docs/decisions/015).

const notice = (page: Page) =>
  page.getByText(/^Offline: showing results last updated at \d{2}:\d{2}\.$/);

/** The width and height a PNG's IHDR chunk declares. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Waits until the service worker controls the page, and returns its build's shell cache. */
async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(async () => {
    const names = await caches.keys();
    return names.find((name) => name.startsWith('lotto24-shell-')) ?? '';
  });
}

test('the manifest is linked and installable: name, standalone, start URL, icons that exist', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ short_name: 'Lotto24', start_url: '/', display: 'standalone' });
  expect(manifest.name).toContain('Lotto24');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const [size, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
    expect(icon, `${size} ${purpose}`).toBeDefined();
    const image = await page.request.get(icon!.src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body()).join('x')).toBe(size);
  }
  // One theme colour per colour scheme, for the browser's bar.
  await expect(page.locator('meta[name="theme-color"][media]')).toHaveCount(2);
});

// Chromium 150 reads navigator.onLine as true in a page reloaded under Playwright's offline
// emulation (so do captive portals): the copy answers whenever the network cannot be reached.
test('offline, a reload still shows the last results, saying when they were last updated; back online they are live', async ({
  page,
  context,
}) => {
  const before = new Date();
  await page.goto('/');
  await expect(main(page).getByRole('listitem').first()).toBeVisible();
  const after = new Date();
  expect(await controlledBy(page)).not.toBe('');
  const firstPrizes = await main(page)
    .getByText(/^First prize/)
    .allTextContents();
  // The read was kept for offline use.
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open('lotto24-results-v1')).keys()).length),
    )
    .toBeGreaterThan(0);

  try {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
    await expect(notice(page)).toBeVisible();
    // The time of the read that was kept, on the lottery's clock.
    const shown = /(\d{2}:\d{2})\.$/.exec((await notice(page).textContent())!)![1];
    expect([timeIn(before, ZONE), timeIn(after, ZONE)]).toContain(shown);
    await expect(main(page).getByText(/^First prize/)).toHaveText(firstPrizes);
    await expect(page.getByText('Paused while offline')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);

    await context.setOffline(false);
    await expect(notice(page)).toHaveCount(0);
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(main(page).getByRole('listitem').first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('offline, every page of the header and a row open: from what was read, or saying they cannot read', async ({
  page,
  context,
}) => {
  const header = page.getByRole('banner');
  await page.goto('/');
  await expect(main(page).getByRole('listitem').first()).toBeVisible();
  await controlledBy(page);
  try {
    await context.setOffline(true);
    // A row of Today opens its draw from the list already read.
    const row = main(page).getByRole('listitem').first();
    const prize = (await row.getByText(/^First prize/).textContent())!;
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/draw\/\d{4}-\d{2}-\d{2}\/\d+$/);
    await expect(main(page).getByText(prize)).toBeVisible();

    // Pages never opened online: their code was kept; their data says it cannot be read.
    for (const [link, heading, reads] of [
      ['Grid', 'Results Grid', true],
      ['Stats', 'Statistics', true],
      ['Check', /check/i, false],
      ['History', 'Results History', false],
    ] as const) {
      await header.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (reads) await expect(main(page).getByRole('alert')).toContainText('You are offline');
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
    // The calendar opens too.
    await page.getByRole('button', { name: /^Pick a date/ }).click();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await page.keyboard.press('Escape');

    // Signing in needs a connection, and says so.
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /This page needs a connection|Sign in/,
    );
  } finally {
    await context.setOffline(false);
  }
});

test('offline, a day never read says it cannot be loaded rather than showing another', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledBy(page);
  try {
    await context.setOffline(true);
    await page.goto('/history?date=2001-02-03');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results History');
    await expect(main(page).getByRole('alert')).toBeVisible();
    await expect(main(page).getByRole('listitem')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('online, every page load is the deployed app, not the cached one', async ({ page }) => {
  await page.goto('/');
  await controlledBy(page);
  // The stack renders each page's meta per address; the cached shell is the home page's.
  const response = await page.goto('/history?date=2024-03-05');
  expect(await response!.text()).toContain('2024-03-05');
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('a new build replaces the old app: its worker takes over and the old caches go', async ({
  page,
}) => {
  const file = path.resolve('dist', 'sw.js');
  const original = readFileSync(file);
  await page.goto('/');
  const oldShell = await controlledBy(page);
  // A deploy, as far as this browser can tell: the same files with a new build hash.
  const next = original
    .toString('utf8')
    .replace(/^const BUILD = "(\w+)";/, 'const BUILD = "$1next";');
  expect(next).not.toBe(original.toString('utf8'));
  const deploy = (bytes: Buffer) => {
    writeFileSync(file, bytes);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes));
    writeFileSync(`${file}.gz`, gzipSync(bytes));
  };
  try {
    deploy(Buffer.from(next));
    // The browser looks for a new worker on every page load (and when asked).
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    // Installed, it took over and dropped the old build's cache (the kept results stay).
    await expect
      .poll(async () => (await page.evaluate(() => caches.keys())).sort())
      .toEqual(['lotto24-results-v1', `${oldShell}next`]);
    // The new worker controls the page, which keeps working.
    expect(await controlledBy(page)).toBe(`${oldShell}next`);
    await page.reload();
    await expect(main(page).getByRole('listitem').first()).toBeVisible();
  } finally {
    deploy(original);
  }
});

test('the worker never answers API requests: a failing API still fails on the page', async ({
  page,
}) => {
  await page.goto('/');
  await controlledBy(page);
  await page.route(/\/rest\/v1\/lottery_results/, (route) =>
    route.fulfill({ status: 500, json: { code: 'XX000', message: 'down' } }),
  );
  // The page's own read, not the rows the stack serves in it (ADR 029).
  await withoutServedRows(page);
  await page.reload();
  await expect(main(page).getByRole('alert')).toContainText('The results could not be loaded.');
  await expect(notice(page)).toHaveCount(0);
});
