import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import {
  LANGUAGE_TAGS,
  LOCALES,
  localizedPath,
  type Locale,
} from '../../src/shared/i18n/locales.ts';
import { lotteryDay } from './admin-utils.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expectNoOverflow, watchConsole } from './language-checks.ts';
import { factorSecret, totpCode } from './mfa-utils.ts';
import { allow } from '../utils/load-factor.ts';

// Issue 24 for sign-in and the dashboard, by clicking, in each of the six languages: the password
// and the code through the page, then add, edit and delete a result, the Generate question,
// Security and Changes, at a phone's 320 px in dark mode and on a desktop in light mode: axe
// clean, no horizontal overflow, no clipped text, and no message asked for before its catalog
// part is loaded (src/i18n/i18n.ts reports it on the console). Screenshots of Thai, Lao and
// Malay (the longest words) go to /tmp/i18n-shots for a look.

type Catalog = Record<string, string>;
const catalog = (locale: Locale): Catalog =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8'),
  ) as Catalog;
/** A message with plain arguments filled in (`{draw}` → `2026-11-26 14:30`). */
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
/** A message's text before its first argument: enough to find it on the page. */
const lead = (message: string) => message.split('{')[0]!.trim();

const shots = '/tmp/i18n-shots';
mkdirSync(shots, { recursive: true });
const looked = new Set<Locale>(['th', 'lo', 'ms']);

/** No sideways scrolling, and no text cut off by its box (an ellipsis or hidden overflow). */
async function expectFits(page: Page, where: string) {
  await expectNoOverflow(page, where);
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        if (!element.checkVisibility() || !element.textContent?.trim()) return false;
        // Screen-reader-only text is clipped on purpose (.sr-only, Radix's 1-px VisuallyHidden
        // announcing a toast); scrolling lists scroll.
        if (element.closest('.sr-only, select, input, ul[tabindex]')) return false;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1) return false;
        const style = getComputedStyle(element);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        return clips && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName}: ${element.textContent!.trim().slice(0, 60)}`),
  );
  expect(clipped, `clipped text on ${where}`).toEqual([]);
}

async function check(page: Page, locale: Locale, where: string) {
  await expectFits(page, `${locale} ${where}`);
  await expectNoAxeViolations(page);
  if (looked.has(locale))
    await page.screenshot({ path: `${shots}/${locale}-admin-${where}.png`, fullPage: true });
}

/** The toast saying `message` (its text before the first argument). */
function toast(page: Page, message: string): Locator {
  return page
    .locator('li')
    .filter({ hasText: lead(message) })
    .last();
}
/** A write on a busy machine may take a while; its toast says when it is done. */
const saved = { timeout: allow(20_000) };

async function signIn(page: Page, m: Catalog, secret: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['auth.login.title']!);
  await page.getByLabel(m['account.email']!, { exact: true }).fill(e2eAdmin.email);
  await page.getByLabel(m['auth.password']!, { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: m['auth.login'], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['admin.code.title']!, {
    timeout: allow(20_000),
  });
  await page.getByLabel(m['admin.code.label']!).fill(totpCode(secret));
  await page.getByRole('button', { name: m['admin.code.verify'], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['admin.heading']!);
}

/** Adds a result at the first free hour of today, edits it, deletes it: each says so in a toast. */
async function addEditDelete(page: Page, m: Catalog) {
  const add = page.getByRole('region', { name: m['admin.add.title'] });
  const hour = add.getByLabel(m['admin.add.time']!);
  await expect(hour).toBeEnabled();
  const time = (await hour.locator('option:checked').textContent())!.trim();
  const draw = `${lotteryDay()} ${time}`;
  const prize = String(1000 + Math.floor(Math.random() * 9000));
  await add.getByLabel(m['admin.add.prize']!).fill(prize);
  await add.getByRole('button', { name: m['admin.add.button'], exact: true }).click();
  await expect(toast(page, m['admin.add.done']!)).toBeVisible(saved);

  const past = page.getByRole('region', { name: m['admin.past.title'] });
  await past.getByRole('button', { name: fill(m['admin.row.edit']!, { draw }) }).click();
  const edited = String((Number(prize) + 1) % 10_000).padStart(4, '0');
  await past.getByLabel(fill(m['admin.row.prizeFor']!, { draw })).fill(edited);
  await past.getByRole('button', { name: m['admin.row.save'], exact: true }).click();
  await expect(toast(page, m['admin.edit.done']!)).toBeVisible(saved);

  await past.getByRole('button', { name: fill(m['admin.row.delete']!, { draw }) }).click();
  const dialog = page.getByRole('alertdialog', { name: m['admin.deleteOne.question'] });
  await expect(dialog).toContainText(lead(m['admin.deleteOne.body']!));
  await dialog.getByRole('button', { name: m['admin.delete'], exact: true }).click();
  await expect(toast(page, m['admin.deleteOne.done']!)).toBeVisible(saved);
}

/** Today as From and To, then the Generate question (cancelled), Security, and Changes. */
async function dialogs(page: Page, locale: Locale, m: Catalog, mode: string) {
  const quick = page.getByRole('region', { name: m['admin.quick.title'] });
  for (const label of [m['admin.from']!, m['admin.to']!]) {
    await quick.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    const calendar = page.getByRole('dialog');
    await calendar.locator(`td[data-day="${lotteryDay()}"] button`).click();
    await expect(calendar).toBeHidden();
  }
  await quick.getByRole('button', { name: m['admin.generate.button'], exact: true }).click();
  const generate = page.getByRole('alertdialog', { name: m['admin.generate.question'] });
  await expect(generate).toBeVisible();
  await expect(generate.getByRole('status')).toBeHidden();
  await check(page, locale, `generate-${mode}`);
  await generate.getByRole('button', { name: m['admin.cancel'], exact: true }).click();

  await page.getByRole('button', { name: m['admin.security.title'], exact: true }).click();
  const security = page.getByRole('alertdialog', { name: m['admin.security.title'] });
  await expect(security.getByText(m['admin.security.signOutEverywhere']!)).toBeVisible();
  await expect(security.getByRole('listitem').first()).toBeVisible();
  await check(page, locale, `security-${mode}`);
  await security.getByRole('button', { name: m['toast.close'], exact: true }).click();

  const changes = page.getByRole('region', { name: m['admin.changes.title'] });
  await changes.scrollIntoViewIfNeeded();
  // The table from `md` up, a card per change below: one of them is shown.
  const deleted = changes.getByText(m['admin.change.deleted']!, { exact: true });
  await expect(deleted.filter({ visible: true }).first()).toBeVisible();
}

for (const locale of LOCALES) {
  test(`in ${locale}: sign-in, the code, and the dashboard by clicking`, async ({ page }) => {
    test.setTimeout(allow(240_000));
    const m = catalog(locale);
    const problems = watchConsole(page);
    const secret = await factorSecret(test.info().project.use.baseURL!, e2eAdmin);

    // A phone, dark.
    await page.setViewportSize({ width: 320, height: 720 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(localizedPath(locale, '/auth'));
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['auth.login.title']!);
    await check(page, locale, 'auth-320-dark');
    await signIn(page, m, secret);
    await expect(page).toHaveURL(new RegExp(`${localizedPath(locale, '/admin')}$`));
    await page.waitForLoadState('networkidle');
    await check(page, locale, 'dashboard-320-dark');
    await addEditDelete(page, m);
    await dialogs(page, locale, m, '320-dark');
    await check(page, locale, 'changes-320-dark');

    // A desktop, light: the same session.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['admin.heading']!);
    await page.waitForLoadState('networkidle');
    // Axe reads the colours of a settled page: the free hours loaded, the add button enabled.
    await expect(
      page
        .getByRole('region', { name: m['admin.add.title'] })
        .getByRole('button', { name: m['admin.add.button'], exact: true }),
    ).toBeEnabled();
    await check(page, locale, 'dashboard-desktop-light');
    await addEditDelete(page, m);
    await dialogs(page, locale, m, 'desktop-light');

    // The dashboard's links keep the language; its control shows the dashboard in another.
    const quick = page.getByRole('region', { name: m['admin.quick.title'] });
    await expect(quick.getByRole('link', { name: m['admin.viewToday'] })).toHaveAttribute(
      'href',
      locale === 'en' ? '/' : `/${locale}/`,
    );
    const other: Locale = locale === 'en' ? 'th' : 'en';
    const theirs = catalog(other);
    await page.getByRole('combobox', { name: m['language.label'] }).selectOption(other);
    await expect(page).toHaveURL(new RegExp(`${localizedPath(other, '/admin')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(theirs['admin.heading']!);
    await expect(
      page
        .getByRole('region', { name: theirs['admin.add.title'] })
        .getByText(theirs['admin.add.prize']!, { exact: true }),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });
}
