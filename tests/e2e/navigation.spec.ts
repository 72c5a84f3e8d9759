import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { lotteryDay } from './public-data.ts';

// Visitors move by clicking, going Back and Forward, reloading and opening tabs: each page change
// here is one a person makes, never a fresh page.goto, which would hide what breaks in between.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const datePicker = (page: Page) => page.getByRole('button', { name: /^Pick a date/ });

/** Uncaught errors in the page: each would have blanked it before the fix. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectNoBreakage(page: Page, errors: string[]) {
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(errors).toEqual([]);
}

test('the header, Back, Forward and a reload move between Today and History', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(heading(page)).toHaveText("Today's Results");

  await header(page).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL('/history');
  await expect(heading(page)).toHaveText('Results History');
  await expect(page).toHaveTitle('Results History | Lotto24');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);

  await header(page).getByRole('link', { name: 'Today' }).click();
  await expect(heading(page)).toHaveText("Today's Results");
  await expect(page).toHaveTitle("Today's Results | Lotto24");

  await page.goBack();
  await expect(page).toHaveURL('/history');
  await expect(heading(page)).toHaveText('Results History');
  await page.goForward();
  await expect(page).toHaveURL('/');
  await expect(heading(page)).toHaveText("Today's Results");

  await page.reload();
  await expect(heading(page)).toHaveText("Today's Results");
  await page.getByRole('link', { name: 'Lotto24' }).first().click();
  await expect(heading(page)).toHaveText("Today's Results");
  await expectNoBreakage(page, errors);
});

test('a History day survives leaving and coming Back, with its own title', async ({ page }) => {
  const errors = watchErrors(page);
  const day = lotteryDay(-3);
  await page.goto('/');
  await header(page).getByRole('link', { name: 'History' }).click();
  await datePicker(page).click();
  await page.getByRole('dialog').locator(`td[data-day="${day}"] button`).click();
  await expect(page).toHaveURL(`/history?date=${day}`);
  await expect(page).toHaveTitle(`Results of ${formatLongDate(day)} | Lotto24`);

  await header(page).getByRole('link', { name: 'Today' }).click();
  await expect(heading(page)).toHaveText("Today's Results");
  await page.goBack();
  await expect(datePicker(page)).toContainText(formatLongDate(day));
  await page.reload();
  await expect(datePicker(page)).toContainText(formatLongDate(day));
  await expect(page).toHaveTitle(`Results of ${formatLongDate(day)} | Lotto24`);
  await expectNoBreakage(page, errors);
});

test('the 404 page links to Today, and Back returns to it', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/no-such-page');
  await expect(heading(page)).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found | Lotto24');

  await page.getByRole('link', { name: "Go to Today's Results" }).click();
  await expect(page).toHaveURL('/');
  await expect(heading(page)).toHaveText("Today's Results");
  await page.goBack();
  await expect(heading(page)).toHaveText('Page not found');
  await expectNoBreakage(page, errors);
});

test('the served HTML names each page before any script runs', async ({ request }) => {
  const titleOf = async (path: string) => {
    const html = await (await request.get(path, { headers: { Accept: 'text/html' } })).text();
    return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  };
  expect(await titleOf('/')).toBe('Today&#39;s Results | Lotto24');
  expect(await titleOf('/history')).toBe('Results History | Lotto24');
  const day = lotteryDay(-3);
  expect(await titleOf(`/history?date=${day}`)).toBe(`Results of ${formatLongDate(day)} | Lotto24`);
  expect(await titleOf('/no-such-page')).toBe('Page not found | Lotto24');
});

test('two tabs browse on their own', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  const errors = [...watchErrors(first), ...watchErrors(second)];
  await first.goto('/');
  await second.goto('/');
  await header(second).getByRole('link', { name: 'History' }).click();
  await expect(heading(second)).toHaveText('Results History');
  await expect(heading(first)).toHaveText("Today's Results");
  await header(first).getByRole('link', { name: 'History' }).click();
  await expect(heading(first)).toHaveText('Results History');
  await expectNoBreakage(first, errors);
  await expectNoBreakage(second, errors);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('moves between pages by tapping, starting each at its top, without sideways scrolling', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    // A past day has all 24 draws: a page far taller than the phone.
    await page.goto(`/history?date=${lotteryDay(-2)}`);
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(24);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // A link followed from down the page (dispatched, so Playwright does not scroll up to it
    // first): the next page opens at its top, as a page load would.
    await header(page).getByRole('link', { name: 'Today' }).dispatchEvent('click');
    await expect(heading(page)).toHaveText("Today's Results");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading(page)).toBeInViewport();

    await header(page).getByRole('link', { name: 'History' }).tap();
    await expect(heading(page)).toHaveText('Results History');
    await header(page).getByRole('link', { name: 'Today' }).tap();
    await expect(heading(page)).toHaveText("Today's Results");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: '.tmp/screens/navigation-phone-today.png' });
    await expectNoBreakage(page, errors);
  });
});
