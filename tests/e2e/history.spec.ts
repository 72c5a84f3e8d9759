import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { apiClients, lotteryDay, resultsOf, today, type Client } from './public-data.ts';

// History by clicking and by keyboard: its date picker (loaded when a visitor reaches for it),
// its addresses, Back.
let anon: Client;

test.beforeAll(async ({ request, baseURL }) => {
  ({ anon } = await apiClients(request, baseURL!));
});

const datePicker = (page: Page) => page.getByRole('button', { name: /^Pick a date/ });

test.describe("History's date picker", () => {
  // The requests are the page's own: no service worker answering from its cache.
  test.use({ serviceWorkers: 'block' });

  test('downloads when a visitor reaches for it, and keeps their press and focus', async ({
    page,
  }) => {
    const pickerCode = /\/history-date-picker-[\w-]+\.js$/;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (pickerCode.test(request.url())) asked.push(request.url());
    });
    // Slow enough that the press below lands before the code does.
    await page.route(pickerCode, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const day = lotteryDay(-1);
    await page.goto(`/history?date=${day}`);
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The page has settled: its button is drawn, its code not asked for.
    await expect(datePicker(page)).toContainText(formatLongDate(day));
    expect(asked).toEqual([]);

    // Pressed before its code arrives, it says it is busy, and opens when the code arrives.
    await datePicker(page).click();
    await expect(datePicker(page)).toHaveAttribute('aria-busy', 'true');
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('grid')).toBeVisible();
    expect(asked).toHaveLength(1);
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(datePicker(page)).toBeFocused();

    // Focused on a new load: it keeps the focus as its code arrives (Radix's trigger is the
    // loaded one), and Enter opens it.
    await page.reload();
    await expect(datePicker(page)).toBeVisible();
    await datePicker(page).focus();
    await expect(datePicker(page)).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(datePicker(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar.getByRole('grid')).toBeVisible();
  });

  test('opens when its code arrives between the press and the release', async ({ page }) => {
    // The stand-in is replaced under the pointer: the release lands on another button, so the
    // browser fires no click on either. The press alone has to open it.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/history-date-picker-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/history');
    await page.waitForLoadState('networkidle');
    await datePicker(page).hover();
    await page.mouse.down();
    await expect(datePicker(page)).toHaveAttribute('aria-busy', 'true');
    arrive();
    await expect(datePicker(page)).toHaveAttribute('aria-haspopup', 'dialog');
    await page.mouse.up();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
  });
});

test('History picks a day by keyboard, disables the future and keeps the day in the URL', async ({
  page,
}) => {
  const [day, yesterday] = [today(), lotteryDay(-1)];
  await page.goto('/history');
  await expect(page).toHaveTitle('Results History | Lotto24');
  await expect(datePicker(page)).toContainText(formatLongDate(day));

  await datePicker(page).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expect(calendar.getByRole('button', { name: /next month/i })).toBeDisabled();
  const tomorrow = calendar.locator(`td[data-day="${lotteryDay(1)}"] button`);
  if (await tomorrow.count()) await expect(tomorrow).toBeDisabled();

  // Focus starts on the selected day; the arrow moves to yesterday, across a month if need be.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page).toHaveURL(`/history?date=${yesterday}`);
  await expect(datePicker(page)).toContainText(formatLongDate(yesterday));
  const rows = await resultsOf(anon, yesterday);
  const label = formatLongDate(yesterday);
  await expect(page.getByRole('main')).toContainText(
    rows.length ? `${label} - ${rows.length} draw` : `No results available for ${label}`,
  );

  await page.goBack();
  await expect(page).toHaveURL('/history');
  await expect(datePicker(page)).toContainText(formatLongDate(day));
});

test('a shared History URL opens its day; a future or malformed one falls back to today', async ({
  page,
}) => {
  const day = lotteryDay(-2);
  const rows = await resultsOf(anon, day);
  await page.goto(`/history?date=${day}`);
  await expect(datePicker(page)).toContainText(formatLongDate(day));
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(rows.length);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/history\\?date=${day}$`),
  );

  for (const bad of [lotteryDay(1), '2024-13-45', 'yesterday']) {
    await page.goto(`/history?date=${bad}`);
    await expect(page).toHaveURL('/history');
    await expect(datePicker(page)).toContainText(formatLongDate(today()));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results History');
  }
});
