import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  LANGUAGE_TAGS,
  LOCALES,
  localizedPath,
  type Locale,
} from '../../src/shared/i18n/locales.ts';
import { drawNumber, hourLabel } from '../../src/shared/lottery-clock.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expectNoOverflow, useSystemDraw, watchConsole } from './language-checks.ts';
import { observeShifts } from './layout-shifts.ts';
import { lotteryDay } from './public-data.ts';
import { sameDocument } from './same-document.ts';
import { allow } from '../utils/load-factor.ts';

// Issue 24, by clicking, in each of the six languages: its addresses, the header's language
// control (the page stays; Back, Forward and reload keep the address's language), every visitor
// page at a phone's 320 px and on a desktop, light and dark, with no horizontal overflow, axe
// clean, and no message asked for before its catalog part is loaded (src/i18n/i18n.ts reports it
// on the console). One test per language walks all the pages, to keep the run short.

type Catalog = Record<string, string>;
const catalog = (locale: Locale): Catalog =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8'),
  ) as Catalog;
/** A message's text before its first argument: enough to find it on the page. */
const lead = (message: string) => message.split('{')[0]!.trim();

/** A message with its plain `{name}` arguments filled in. */
const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A system draw (commit, then reveal: ADR 012) whose verification every language runs.
const DRAW = { date: lotteryDay(-6), hour: 13 };
useSystemDraw(DRAW);

/**
 * The draw's verification in its History row (the row's Verify, its screen-reader "draw"), then
 * its own page by the row's link, the verification there too: every word in the page's language.
 */
async function walkDraw(page: Page, locale: Locale, messages: Catalog, mode: string) {
  const time = hourLabel(DRAW.hour);
  await page.goto(localizedPath(locale, `/history?date=${DRAW.date}`));
  const row = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(time, { exact: true }) });
  const verify = `${messages['row.verify']} ${fill(messages['row.verifyDraw']!, { time })}`;
  await row.getByRole('button', { name: verify }).click();
  const title = new RegExp(`^${escaped(lead(messages['verify.title']!))}`);
  await expect(row.getByRole('region', { name: title }).getByRole('status')).toHaveText(
    messages['verify.verified']!,
    { timeout: allow(20_000) },
  );
  await expect(row).toContainText(messages['verify.matches']!);
  await expectNoOverflow(page, `${locale} verification ${mode}`);
  await expectNoAxeViolations(page);

  const app = await sameDocument(page);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(
    new RegExp(`${escaped(localizedPath(locale, `/draw/${DRAW.date}/${DRAW.hour}`))}$`),
  );
  expect(await app.stillOpen(), `${locale}: the row opened its draw in the app`).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    fill(messages['draw.numberAt']!, { number: drawNumber(DRAW.hour), time }),
  );
  const panel = page.getByRole('region', { name: title });
  await expect(panel.getByRole('status')).toHaveText(messages['verify.verified']!, {
    timeout: allow(20_000),
  });
  await expect(page.getByRole('button', { name: messages['drawPage.share'] })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: messages['drawPage.otherDraws'] }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoOverflow(page, `${locale} draw ${mode}`);
  await expectNoAxeViolations(page);
  if (locale === 'th' || locale === 'lo' || locale === 'zh')
    await page.screenshot({ path: `${shots}/${locale}-draw-${mode}.png`, fullPage: true });
}

/** The few entities a served text carries. */
const unescape = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const shots = '/tmp/i18n-shots';
mkdirSync(shots, { recursive: true });

const PAGES = [
  { path: '/', nav: 'nav.today', heading: 'today.heading', title: 'meta.home.title' },
  { path: '/history', nav: 'nav.history', heading: 'history.heading', title: 'meta.history.title' },
  { path: '/grid', nav: 'nav.grid', heading: 'grid.heading', title: 'meta.grid.title' },
  { path: '/check', nav: 'nav.check', heading: 'check.heading', title: 'meta.check.title' },
  { path: '/stats', nav: 'nav.stats', heading: 'stats.heading', title: 'meta.stats.title' },
] as const;

async function expectServedHtml(request: APIRequestContext, locale: Locale, messages: Catalog) {
  for (const { path, title } of PAGES) {
    const address = localizedPath(locale, path);
    const html = await (await request.get(address, { headers: { Accept: 'text/html' } })).text();
    expect(html, address).toContain(`<html lang="${LANGUAGE_TAGS[locale]}"`);
    const origin = '[^"]*';
    expect(html, address).toMatch(new RegExp(`rel="canonical" href="${origin}${address}"`));
    for (const other of LOCALES)
      expect(html, `${address} hreflang ${other}`).toMatch(
        new RegExp(
          `hreflang="${LANGUAGE_TAGS[other]}" href="${origin}${localizedPath(other, path)}"`,
        ),
      );
    expect(html, address).toContain('hreflang="x-default"');
    const served = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
    expect(unescape(served ?? ''), address).toBe(
      `${messages[title]!.replace('{days}', '7')} | Lotto24`,
    );
  }
}

/** Walks every page from the header's links, checking each in the current viewport and theme. */
async function walk(page: Page, locale: Locale, messages: Catalog, mode: string) {
  await walkDraw(page, locale, messages, mode);
  const nav = page.getByRole('navigation', { name: messages['nav.main'] });
  for (const { path, nav: link, heading } of PAGES) {
    await nav.getByRole('link', { name: messages[link], exact: true }).click();
    // One address per page: the router's Today link is `/th/`, as canonical and hreflang say.
    await expect(page).toHaveURL(new RegExp(`${localizedPath(locale, path)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[heading]!);
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[locale]);
    if (path === '/history') {
      // The date picker: its calendar in the page's language, then closed again.
      await page.getByRole('button', { name: lead(messages['history.pickDate']!) }).click();
      await expect(page.getByRole('grid')).toBeVisible();
      await expect(
        page.getByRole('button', { name: messages['calendar.previousMonth'] }),
      ).toBeVisible();
      // Weekday headings in the page's script: Chromium has no Lao data, so Lao's come from
      // the catalog (src/i18n/format.ts) rather than Intl's English fallback.
      if (locale === 'th' || locale === 'lo' || locale === 'zh') {
        // react-day-picker hides the heading row from assistive tech (each day button names
        // its weekday): read the cells themselves, text and label.
        const headings = page.getByRole('grid').locator('thead th');
        const shown = await headings.allInnerTexts();
        const named = await headings.evaluateAll((ths) => ths.map((th) => th.ariaLabel ?? ''));
        expect(shown, `${locale} weekdays`).toHaveLength(7);
        for (const name of [...shown, ...named])
          expect(name, `${locale} weekday`).not.toMatch(/[A-Za-z]/);
      }
      await expectNoOverflow(page, `${locale} ${path} calendar ${mode}`);
      if (locale === 'th' || locale === 'lo')
        await page.screenshot({ path: `${shots}/${locale}-history-calendar-${mode}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('grid')).toBeHidden();
    }
    await page.waitForLoadState('networkidle');
    await expectNoOverflow(page, `${locale} ${path} ${mode}`);
    await expectNoAxeViolations(page);
    if (locale === 'th' || locale === 'lo')
      await page.screenshot({
        path: `${shots}/${locale}-${path.slice(1) || 'today'}-${mode}.png`,
        fullPage: true,
      });
  }
}

/**
 * Chromium has no Lao locale data, so Lao dates come from the catalog (src/i18n/format.ts): Today
 * names its day with a Lao month and the lottery clock's zone without an English word.
 */
async function expectLaoDates(page: Page, messages: Catalog) {
  const months = [...messages['date.long']!.matchAll(/\d+ \{([^{}]+)\}/g)].map(([, name]) => name);
  expect(months).toHaveLength(12);
  const main = page.getByRole('main');
  await expect(main).toContainText(new RegExp(months.join('|')));
  await expect(main).not.toContainText(
    /January|February|March|April|May|June|July|August|September|October|November|December/,
  );
  await expect(main).not.toContainText(/Coordinated Universal Time|Indochina Time/);
}

for (const locale of LOCALES) {
  test(`in ${locale}: served HTML, the header's control, and every visitor page by clicking`, async ({
    page,
    request,
  }) => {
    // Two more pages per walk (a draw's verification in its row and on its own page).
    test.setTimeout(allow(300_000));
    const messages = catalog(locale);
    const problems = watchConsole(page);
    await expectServedHtml(request, locale, messages);

    // Desktop, light.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(localizedPath(locale, '/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages['today.heading']!);
    if (locale === 'lo') await expectLaoDates(page, messages);
    await walk(page, locale, messages, 'desktop-light');

    // The header's control shows the same page in another language, and keeps it.
    const other: Locale = locale === 'en' ? 'th' : 'en';
    const theirs = catalog(other);
    await page.getByRole('combobox', { name: messages['language.label'] }).selectOption(other);
    await expect(page).toHaveURL(new RegExp(`${localizedPath(other, '/stats')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(theirs['stats.heading']!);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(locale, '/stats')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages['stats.heading']!);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(theirs['stats.heading']!);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages['stats.heading']!);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages['stats.heading']!);
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[locale]);

    // A phone, dark.
    await page.setViewportSize({ width: 320, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await walk(page, locale, messages, 'phone-dark');

    expect(problems, 'messages missing or errors at render time').toEqual([]);
  });
}

test.describe('a browser preferring Thai', () => {
  test.use({ locale: 'th-TH' });

  test('gets a one-line offer on /, never a redirect', async ({ page }) => {
    const th = catalog('th');
    const en = catalog('en');
    await page.goto('/');
    await expect(page.getByRole('button', { name: th['language.offer'] })).toBeVisible();
    // Still the English page at the English address.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['today.heading']!);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: th['language.offer'] }).click();
    await expect(page).toHaveURL(/\/th\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(th['today.heading']!);
    // The choice is remembered: no offer on the English page again.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['today.heading']!);
    await expect(page.getByRole('button', { name: th['language.offer'] })).toHaveCount(0);
  });

  test('on a phone, the offer floats at the foot of the window and moves nothing', async ({
    page,
  }) => {
    const th = catalog('th');
    const shifts = await observeShifts(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    const offer = page.getByRole('button', { name: th['language.offer'] });
    await expect(offer).toBeVisible();
    // It came after the first paint and pushed nothing down: not the header, not the rows.
    expect(await shifts()).toEqual({ sum: 0, moved: [] });
    // Its Thai line is set in the Thai font, loaded before it showed (no boxes where a system
    // has no Thai letters, and no reflow when the font arrives).
    const thaiFaces = await page.evaluate(() => {
      const faces: string[] = [];
      document.fonts.forEach((face) => {
        if (face.family.replaceAll('"', '') === 'Noto Sans Thai')
          faces.push(`${face.weight} ${face.status}`);
      });
      return faces;
    });
    expect(thaiFaces).toContain('400 loaded');
    await expect(page.locator('p[lang="th"]')).toHaveCSS('font-family', /^"Noto Sans Thai"/);
    const box = (await offer.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    expect(box.y).toBeGreaterThan(640 / 2);
    // A keyboard still reaches it right after the skip link, before the header.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(offer).toBeFocused();
    // Closed, it is gone and stays gone on the next load.
    await page.getByRole('button', { name: th['language.offerClose'] }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });
});
