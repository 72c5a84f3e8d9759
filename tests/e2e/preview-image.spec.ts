import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiClients,
  lotteryDay,
  putResult,
  randomPrize,
  removeResult,
  type Client,
} from './public-data.ts';

// A shared draw's preview shows one number: the draw's own image once it is published, the
// generic image (no number) before. Checked as a link previewer reads the page (no script) and
// as Chromium decodes the image.
let admin: Client;
const shown = { date: lotteryDay(-1), hour: 9, prize: randomPrize() };
// Tomorrow's last draw: it cannot be published while the run lasts.
const hidden = { date: lotteryDay(1), hour: 23, prize: randomPrize() };

test.beforeAll(async ({ request, baseURL }) => {
  ({ admin } = await apiClients(request, baseURL!));
  await putResult(admin, shown.date, shown.hour, shown.prize);
  await putResult(admin, hidden.date, hidden.hour, hidden.prize);
});
test.afterAll(async () => {
  await removeResult(admin, hidden.date, hidden.hour);
});

/** The page's og:image and twitter:image, as served (a previewer runs no script). */
async function previewImages(request: APIRequestContext, address: string) {
  const html = await (await request.get(address, { headers: { Accept: 'text/html' } })).text();
  const meta = (key: string) =>
    new RegExp(`<meta data-served (?:name|property)="${key}" content="([^"]*)">`)
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&');
  return { og: meta('og:image')!, twitter: meta('twitter:image')! };
}

/** The image as Chromium decodes it: its natural size. */
async function decodedSize(page: Page, src: string) {
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, src);
}

test("a published draw's preview is its own 1200x630 image", async ({ page, request }) => {
  const { og, twitter } = await previewImages(request, `/draw/${shown.date}/${shown.hour}`);
  const path = new URL(og).pathname + new URL(og).search;
  expect(path).toMatch(new RegExp(`^/og/draw/${shown.date}/${shown.hour}\\.png\\?v=[0-9a-f]{8}$`));
  expect(twitter).toBe(og);
  const image = await request.get(path);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  const generic = await (await request.get('/og-image.png')).body();
  expect((await image.body()).equals(generic)).toBe(false);
  await page.goto('/');
  expect(await decodedSize(page, path)).toEqual([1200, 630]);
});

test("another language's draw preview is the plain image, without English words", async ({
  page,
  request,
}) => {
  const english = await previewImages(request, `/draw/${shown.date}/${shown.hour}`);
  const { og, twitter } = await previewImages(request, `/th/draw/${shown.date}/${shown.hour}`);
  const path = new URL(og).pathname + new URL(og).search;
  expect(path).toMatch(
    new RegExp(`^/og/draw/${shown.date}/${shown.hour}-plain\\.png\\?v=[0-9a-f]{8}$`),
  );
  expect(twitter).toBe(og);
  const image = await request.get(path);
  expect(image.status()).toBe(200);
  const englishImage = await request.get(new URL(english.og).pathname);
  expect((await image.body()).equals(await englishImage.body())).toBe(false);
  await page.goto('/th/');
  expect(await decodedSize(page, path)).toEqual([1200, 630]);
});

test('a draw still ahead, and every other page, preview without a number', async ({
  page,
  request,
}) => {
  const ahead = await previewImages(request, `/draw/${hidden.date}/${hidden.hour}`);
  expect(new URL(ahead.og).pathname).toBe('/og-image.png');
  expect(new URL((await previewImages(request, '/grid')).og).pathname).toBe('/og-image.png');
  // Its own image address answers the generic image too, not the number the database holds.
  const generic = await (await request.get('/og-image.png')).body();
  const image = await request.get(`/og/draw/${hidden.date}/${hidden.hour}.png`);
  expect((await image.body()).equals(generic)).toBe(true);
  await page.goto('/');
  expect(await decodedSize(page, '/og-image.png')).toEqual([1200, 630]);
});

test('image addresses that name no draw are 404s', async ({ request }) => {
  for (const address of [
    '/og/draw/junk.png',
    '/og/draw/2026-11-23/25.png',
    '/og/draw/2100-01-01/1.png',
  ])
    expect((await request.get(address)).status(), address).toBe(404);
});
