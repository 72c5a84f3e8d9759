import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.ts';
import { LOCALE_NAMES } from '../../src/shared/i18n/locales.ts';
import { hourLabel } from '../../src/shared/lottery-clock.ts';
import { useSystemDraw } from './language-checks.ts';
import { factorSecret, totpCode } from './mfa-utils.ts';
import { lotteryDay } from './public-data.ts';
import { allow } from '../utils/load-factor.ts';

// Issue 24: nothing left in English by accident. The Thai catalog chunks are served as a
// pseudo-locale, every message wrapped in ⟦…⟧, and the converted visitor pages are walked: any
// visible text outside the markers with a Latin letter in it was not read from a catalog.
// Excepted: the brand, the language control's names, digits, times and Intl's dates (they carry
// no Latin letter in Thai), and the verification's data (hashes, seeds, HMAC messages: hex and
// code, not words).
const EXCEPTED = new Set(['Lotto24', ...Object.values(LOCALE_NAMES)]);
const DATA = /^[0-9a-f]{8,}$/;

type Compiled = string | unknown[];
const wrap = (message: Compiled): Compiled =>
  typeof message === 'string' ? `⟦${message}⟧` : ['⟦', ...message, '⟧'];

/** A compiled catalog chunk (`JSON.parse(`{…}`)`, scripts/vite-catalogs.ts) with every message wrapped. */
function pseudo(code: string): string {
  return code.replace(/JSON\.parse\(`((?:[^`\\]|\\.)*)`\)/, (_, literal: string) => {
    const json = new Function(`return \`${literal}\`;`)() as string;
    const messages = JSON.parse(json) as Record<string, Compiled>;
    const wrapped = Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, wrap(m)]));
    return `JSON.parse(${JSON.stringify(JSON.stringify(wrapped))})`;
  });
}

async function textOutsideCatalogs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('select, script, style, code, pre, [aria-hidden="true"]'))
        continue;
      if (!parent.checkVisibility()) continue;
      // Messages nest (a date range inside a caption): remove the innermost first.
      let outside = node.textContent ?? '';
      for (let last = ''; last !== outside;) {
        last = outside;
        outside = outside.replace(/⟦[^⟦⟧]*⟧/g, ' ');
      }
      outside = outside.trim();
      if (/[A-Za-z]/.test(outside)) found.push(outside);
    }
    return found;
  });
}

test.use({ serviceWorkers: 'block' });

// A system draw (ADR 012) whose verification the walk opens.
const DRAW = { date: lotteryDay(-6), hour: 14 };
useSystemDraw(DRAW);

test('pseudo-Thai: the visitor pages and a draw verification render no text outside the catalogs', async ({
  page,
}) => {
  test.setTimeout(allow(90_000));
  await page.route(/\/assets\/th-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: pseudo(await response.text()) });
  });
  const nav = page.getByRole('navigation');
  await page.goto('/th/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
  for (const name of [null, /ย้อนหลัง/, /ตาราง/, /ตรวจเลข/, /สถิติ/]) {
    if (name) await nav.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
    await page.waitForLoadState('networkidle');
    await expectNoStray(page);
  }

  // A draw's verification in its row, then the draw's own page and its verification.
  const { date, hour } = DRAW;
  await page.goto(`/th/history?date=${date}`);
  const row = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(hourLabel(hour), { exact: true }) });
  await row.getByRole('button', { name: /ตรวจสอบ/ }).click();
  await expect(row.getByRole('region').getByRole('status')).toContainText('ตรวจสอบผ่าน', {
    timeout: allow(20_000),
  });
  await expectNoStray(page);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/th/draw/${date}/${hour}$`));
  await expect(page.getByRole('region').getByRole('status')).toContainText('ตรวจสอบผ่าน', {
    timeout: allow(20_000),
  });
  await page.waitForLoadState('networkidle');
  await expectNoStray(page);
});

async function expectNoStray(page: Page) {
  const stray = (await textOutsideCatalogs(page)).filter(
    (text) => !EXCEPTED.has(text) && !DATA.test(text),
  );
  expect(stray, `text outside the catalogs on ${page.url()}`).toEqual([]);
}

// Sign-in and the dashboard: the e-mail addresses, the test's authenticator ("e2e phone") and the
// settings' own names in Changes are data, not words.
const isData = (text: string) => /@|^e2e phone$|^[a-z_]+: /.test(text);

test('pseudo-Thai: sign-in, the code step and the dashboard render no text outside the catalogs', async ({
  page,
}) => {
  test.setTimeout(allow(120_000));
  const th = JSON.parse(
    readFileSync(new URL('../../src/i18n/catalogs/th.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const secret = await factorSecret(test.info().project.use.baseURL!, e2eAdmin);
  await page.route(/\/assets\/th-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: pseudo(await response.text()) });
  });
  const heading = page.getByRole('heading', { level: 1 });
  const expectAllFromCatalogs = async () => {
    await page.waitForLoadState('networkidle');
    const stray = (await textOutsideCatalogs(page)).filter(
      (text) => !EXCEPTED.has(text) && !isData(text),
    );
    expect(stray, `text outside the catalogs on ${page.url()}`).toEqual([]);
  };
  const exactly = (id: string) => ({ name: `⟦${th[id]}⟧`, exact: true });

  await page.goto('/th/auth');
  await expect(heading).toContainText('⟦');
  await expectAllFromCatalogs();
  // The auth server's refusal is worded from the catalogs too (src/lib/auth-error-message.ts).
  await page.getByLabel(th['account.email']!).fill(e2eAdmin.email);
  await page.getByLabel(th['auth.password']!, { exact: false }).first().fill('not-the-password');
  await page.getByRole('button', exactly('auth.login')).click();
  await expect(
    page.getByText(`⟦${th['account.error.invalidCredentials']}⟧`, { exact: true }),
  ).toBeVisible();
  await expectAllFromCatalogs();
  await page.getByLabel(th['account.email']!).fill(e2eAdmin.email);
  await page.getByLabel(th['auth.password']!, { exact: false }).first().fill(e2eAdmin.password);
  await page.getByRole('button', exactly('auth.login')).click();
  await expect(heading).toContainText(th['admin.code.title']!, { timeout: allow(20_000) });
  await expectAllFromCatalogs();
  await page.getByLabel(th['admin.code.label']!).fill(totpCode(secret));
  await page.getByRole('button', exactly('admin.code.verify')).click();
  await expect(heading).toContainText(th['admin.heading']!);
  await expectAllFromCatalogs();

  await page.getByRole('button', exactly('admin.security.title')).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAllFromCatalogs();
  await page.getByRole('button', exactly('toast.close')).click();
  await page.getByRole('button', exactly('admin.password.title')).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAllFromCatalogs();
  await page.keyboard.press('Escape');
});
