import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addDays, nextDraw, publishedAt, todayIn } from '../../src/shared/lottery-clock.ts';
import { signInAdminThroughUi } from './admin-utils.ts';
import { expectNoAxeViolations } from './axe.ts';
import { e2eAdmin } from '../../playwright.config.ts';
import { lotteryDay, main, ZONE } from './public-data.ts';
import { ballColorsOf, contrastRatio, focusColors } from './results-colors.ts';

mkdirSync('.tmp/screenshots', { recursive: true });

/** Tabs until `name` has focus, then checks its focus ring against what is around it. */
async function expectVisibleFocus(page: Page, name: RegExp, label: string) {
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    const text = (await focused.getAttribute('aria-label')) ?? (await focused.innerText());
    if (!name.test(text)) continue;
    const colors = await focusColors(focused);
    expect(colors.ring, `${label}: focus ring`).not.toBe('none');
    expect(
      contrastRatio(colors.ring, colors.around),
      `${label}: ring vs page`,
    ).toBeGreaterThanOrEqual(3);
    return;
  }
  throw new Error(`${label}: never focused`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: focus rings stand 3:1 against the page, the destructive button's too`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/history?date=${lotteryDay(-1)}`);
    await expect(main(page).getByRole('listitem').first()).toBeVisible();
    await expectVisibleFocus(page, /^Lotto24$/, 'logo');
    await expectVisibleFocus(page, /^History$/, 'current nav link');
    await expectVisibleFocus(page, /^Pick a date/, 'date picker');

    await signInAdminThroughUi(page, e2eAdmin);
    await expect(page).toHaveURL('/admin');
    const destructive = page.getByRole('button', { name: 'Delete Range' });
    await destructive.focus();
    // :focus-visible needs a keyboard: step off and back.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(destructive).toBeFocused();
    const colors = await focusColors(destructive);
    expect(contrastRatio(colors.ring, colors.around)).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `.tmp/screenshots/results-focus-destructive-${scheme}.png` });
  });
}

test('dark: follows prefers-color-scheme, text and balls keep their contrast', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const path of ['/', `/history?date=${lotteryDay(-1)}`]) {
    await page.goto(path);
    await expect(main(page).getByRole('listitem').first()).toBeVisible();
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(body).toBe('rgb(2, 6, 23)');
    await expectNoAxeViolations(page);
  }
  // Yesterday has all 24 draws: every digit is likely there; check each ball rendered.
  const balls = main(page).locator('[data-color]');
  const seen = new Set<string>();
  for (const ball of await balls.all()) {
    const name = (await ball.getAttribute('data-color'))!;
    if (seen.has(name)) continue;
    seen.add(name);
    const c = await ballColorsOf(ball);
    expect(contrastRatio(c.text, c.background), `${name} digit`).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.edge, c.card), `${name} ball edge`).toBeGreaterThanOrEqual(3);
  }
  expect(seen.size).toBeGreaterThan(5);
  await page.screenshot({ path: '.tmp/screenshots/results-history-dark.png', fullPage: true });
  await page.goto('/');
  await expect(main(page).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: '.tmp/screenshots/results-today-dark.png' });
});

test('desktop: the header and footer run to the scrollbar, with no bare strip beside them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A short page (an old, empty day) and a long one.
  for (const path of [`/history?date=${lotteryDay(-400)}`, `/history?date=${lotteryDay(-1)}`]) {
    await page.goto(path);
    // The first render is a transition and may commit after the load event: wait for it.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading results...')).toHaveCount(0);
    const gap = await page.evaluate(() => {
      const html = document.documentElement;
      const header = document.querySelector('header')!.getBoundingClientRect();
      const footer = document.querySelector('footer')!.getBoundingClientRect();
      // What is right of the header is the scrollbar itself, never a reserved, empty gutter.
      const scrollbar = getComputedStyle(html).overflowY === 'scroll';
      return { right: html.clientWidth - Math.max(header.right, footer.right), scrollbar };
    });
    expect(gap.right).toBe(0);
    expect(gap.scrollbar, `${path}: a gutter with no scrollbar`).toBe(true);
  }
  await page.screenshot({ path: '.tmp/screenshots/results-desktop-short.png' });
});

for (const width of [320, 360]) {
  test(`${width} px: "Draw #24" stays on one line and nothing scrolls sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`/history?date=${lotteryDay(-1)}`);
    const label = main(page).getByText('Draw #24', { exact: true });
    await expect(label).toBeVisible();
    const lines = await label.evaluate((el) => {
      const height = el.getBoundingClientRect().height;
      return height / parseFloat(getComputedStyle(el).lineHeight);
    });
    expect(lines).toBeLessThan(1.5);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/screenshots/results-history-${width}.png` });
    await page.goto('/');
    await expect(page.getByRole('timer')).toBeVisible();
    await page.screenshot({ path: `.tmp/screenshots/results-today-${width}.png`, fullPage: true });
  });
}

test("names the lottery clock, and gives the next draw on the visitor's own", async ({ page }) => {
  await page.goto('/');
  const label = new RegExp(`^Times in ${ZONE.replace('/', '\\/')} \\(GMT\\+\\d(:30)?\\)$`);
  await expect(main(page).getByText(label)).toBeVisible();
  const next = nextDraw(ZONE).at;
  // The browser runs in Los Angeles.
  const la = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', ...options }).format(next);
  const yours = `${la({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}, ${la({ month: 'short', day: 'numeric' })}`;
  await expect(page.getByText(`Your time: ${yours}`)).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(main(page).getByText(label)).toBeVisible();
});

test('around midnight: "tomorrow" from 23:30, and an open History keeps its day', async ({
  page,
}) => {
  const day = todayIn(ZONE);
  await page.clock.install({ time: publishedAt(day, 23, ZONE).getTime() + 5 * 60_000 });
  await page.goto('/');
  await expect(page.getByText('Next draw: Draw #1 at 00:30 tomorrow')).toBeVisible();
  await page.clock.runFor(25 * 60_000 + 1000); // past the lottery's midnight
  await expect(page.getByText(/^Next draw: Draw #1 at 00:30$/)).toBeVisible();

  await page.clock.setSystemTime(publishedAt(day, 23, ZONE).getTime() + 29 * 60_000);
  await page.goto('/history');
  const picker = page.getByRole('button', { name: /^Pick a date/ });
  await expect(picker).toContainText(
    new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`)),
  );
  await page.clock.runFor(2 * 60_000);
  // The new day can now be picked: the page has seen the midnight pass.
  await picker.click();
  await expect(page.locator(`td[data-day="${addDays(day, 1)}"] button`)).toBeEnabled();
  // And still shows the day it showed.
  await expect(page).toHaveURL('/history');
  await expect(picker).toHaveAttribute(
    'aria-label',
    new RegExp(
      `${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))} selected`,
    ),
  );
});
