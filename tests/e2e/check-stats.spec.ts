import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { expectNoAxeViolations } from './axe.ts';
import { apiClients, putResult, removeResult, type Client } from './public-data.ts';

// A visitor checks numbers and reads the statistics by clicking, typing, Back and Forward. The
// known draws sit far in the past, so no other spec's day is touched; what was never drawn is
// found by reading the table directly, not through the function under test.

const OLD_DRAWS = [
  { date: '2003-03-03', hour: 5 },
  { date: '2003-03-04', hour: 17 },
];
let admin: Client;
let anon: Client;
/** Drawn at both OLD_DRAWS: [0] exactly, [1] with the same last three digits. */
let drawn: string;
let nearMiss: string;

async function neverDrawn(): Promise<string> {
  for (;;) {
    const candidate = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const { count, error } = await anon
      .from('lottery_results')
      .select('id', { count: 'exact', head: true })
      .eq('first_prize', candidate);
    if (error) throw error;
    if (count === 0) return candidate;
  }
}

test.beforeAll(async ({ request, baseURL }) => {
  ({ admin, anon } = await apiClients(request, baseURL!));
  drawn = await neverDrawn();
  nearMiss = `${(Number(drawn[0]) + 1) % 10}${drawn.slice(1)}`;
  await putResult(admin, OLD_DRAWS[0]!.date, OLD_DRAWS[0]!.hour, drawn);
  await putResult(admin, OLD_DRAWS[1]!.date, OLD_DRAWS[1]!.hour, nearMiss);
});
test.afterAll(async () => {
  for (const draw of OLD_DRAWS) await removeResult(admin, draw.date, draw.hour);
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const field = (page: Page) => page.getByRole('textbox', { name: 'Your number' });
const tier = (page: Page, name: RegExp) => page.getByRole('region', { name }).getByRole('list');

async function check(page: Page, n: string) {
  await field(page).fill(n);
  await field(page).press('Enter');
  await expect(page).toHaveURL(`/check?n=${n}`);
}

test('check a drawn and a never-drawn number from the header, then Back and Forward', async ({
  page,
}) => {
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Check' }).click();
  await expect(heading(page)).toHaveText('Check My Number');
  await expect(page).toHaveTitle('Check My Number | Lotto24');

  await check(page, drawn);
  await expect(page).toHaveTitle(`Check ${drawn} | Lotto24`);
  const exact = tier(page, /^Exact first prize/);
  const hit = exact.getByRole('link', { name: new RegExp(formatLongDate(OLD_DRAWS[0]!.date)) });
  await expect(hit).toHaveAttribute('href', `/draw/${OLD_DRAWS[0]!.date}/${OLD_DRAWS[0]!.hour}`);
  const last3 = tier(page, /^Last three digits/);
  await expect(
    last3.getByRole('link', { name: new RegExp(formatLongDate(OLD_DRAWS[1]!.date)) }),
  ).toBeVisible();

  const never = await neverDrawn();
  await check(page, never);
  await expect(page.getByText(`${never} has never been drawn as the first prize.`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`/check?n=${drawn}`);
  await expect(field(page)).toHaveValue(drawn);
  await expect(hit).toBeVisible();
  await page.goForward();
  await expect(page.getByText(`${never} has never been drawn as the first prize.`)).toBeVisible();
  await expect(field(page)).toHaveValue(never);

  await page.goBack();
  await hit.click();
  await expect(page).toHaveURL(`/draw/${OLD_DRAWS[0]!.date}/${OLD_DRAWS[0]!.hour}`);
  await page.goBack();
  await expect(hit).toBeVisible();
});

test('a deep link checks its number on load; the last three digits alone; a typo is refused', async ({
  page,
}) => {
  const last3 = drawn.slice(1);
  await page.goto(`/check?n=${last3}`);
  await expect(page).toHaveTitle(`Check ${last3} | Lotto24`);
  const tier3 = tier(page, /^Last three digits/);
  for (const draw of OLD_DRAWS)
    await expect(
      tier3.getByRole('link', { name: new RegExp(formatLongDate(draw.date)) }),
    ).toBeVisible();
  await expect(page.getByRole('region', { name: /^Exact first prize/ })).toHaveCount(0);

  // A typo goes to the address, and the previous number's results go with it (issue 28).
  await field(page).fill('12a');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Enter 2 to 4 digits/);
  await expect(page).toHaveURL('/check?n=12a');
  await expect(page.getByRole('region', { name: /^Last three digits/ })).toHaveCount(0);
  await page.goBack();
  await expect(tier3.getByRole('listitem').first()).toBeVisible();

  await page.goto('/check?n=12345');
  await expect(page.getByText('“12345” is not a number to check')).toBeVisible();
});

test('deep links open whole while a stranger asks for hundreds of numbers', async ({ page }) => {
  // Past 50 whole compressions a second, a page goes as gzip from its route's pieces, made by
  // the stack rather than zlib (server/src/lib/gzip-template.ts): Chromium must read it as the
  // page, each with its own number.
  await page.goto('/check');
  const answers = await page.evaluate(async () =>
    Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const n = String(8000 + i);
        const response = await fetch(`/check?n=${n}`, { headers: { accept: 'text/html' } });
        const html = await response.text();
        return {
          coding: response.headers.get('content-encoding'),
          titled: html.includes(`<title data-served>Check ${n} | Lotto24</title>`),
          whole: html.trimEnd().endsWith('</html>'),
        };
      }),
    ),
  );
  expect(answers.filter((answer) => !answer.titled || !answer.whole)).toEqual([]);
  expect(answers.map((answer) => answer.coding)).toContain('gzip');

  const response = await page.goto(`/check?n=${drawn}`);
  expect(['br', 'gzip']).toContain(response!.headers()['content-encoding']);
  await expect(page).toHaveTitle(`Check ${drawn} | Lotto24`);
  await expect(page.getByRole('region', { name: /^Exact first prize/ })).toBeVisible();
});

test('a long tier shows ten, then more on request', async ({ page }) => {
  const ending = drawn.slice(2);
  const extra = Array.from({ length: 12 }, (_, i) => ({
    date: `2003-04-${String(i + 1).padStart(2, '0')}`,
    hour: 3,
  }));
  try {
    for (const [i, draw] of extra.entries())
      await putResult(admin, draw.date, draw.hour, `${10 + i}${ending}`);
    const { count } = await anon
      .from('lottery_results')
      .select('id', { count: 'exact', head: true })
      .like('first_prize', `%${ending}`);
    await page.goto(`/check?n=${ending}`);
    const rows = tier(page, /^Last two digits/).getByRole('listitem');
    await expect(rows).toHaveCount(10);
    const left = count! - 10;
    await page.getByRole('button', { name: `Show ${Math.min(20, left)} more of ${left}` }).click();
    await expect(rows).toHaveCount(Math.min(30, count!));
    // Oldest last: the extra draws of 2003 come after every newer match.
    await expect(rows.last()).toContainText(/2003/);
  } finally {
    for (const draw of extra) await removeResult(admin, draw.date, draw.hour);
  }
});

test('statistics: from the header, the period switch, Back, and the table adds up', async ({
  page,
}) => {
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Stats' }).click();
  await expect(heading(page)).toHaveText('Statistics');
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('link', { name: 'All time' }).click();
  await expect(page).toHaveURL('/stats?period=all');
  await expect(page).toHaveTitle('Statistics, all time | Lotto24');
  const { count } = await anon.from('lottery_results').select('id', { count: 'exact', head: true });
  await expect(page.getByText(`All time: ${count!.toLocaleString('en-US')} draws`)).toBeVisible();
  // Each position's column of the screen-reader table adds up to every draw.
  const table = page.getByRole('table', { name: /How often each digit fell/ });
  const cells = await table.getByRole('cell').allTextContents();
  const columns = [0, 1, 2, 3].map((p) =>
    cells.filter((_, i) => i % 4 === p).reduce((sum, text) => sum + Number(text), 0),
  );
  expect(columns).toEqual([count, count, count, count]);
  await expect(page.getByRole('region', { name: 'Fairness check' })).toContainText(/p [=<] 0?\./);
  await expect(page.getByRole('heading', { name: 'Hot numbers' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL('/stats');
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test.describe('on a phone in dark mode', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('both pages fit, read well and pass axe', async ({ page }) => {
    mkdirSync('.tmp/screenshots', { recursive: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [name, path, ready] of [
      ['check', `/check?n=${drawn}`, /^Exact first prize/],
      ['stats', '/stats?period=all', /^Digits by position/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('region', { name: ready })).toBeVisible();
      await expect(page.getByText('Loading results...')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} scrolls sideways`).toBe(0);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `.tmp/screenshots/${name}-phone-dark.png`, fullPage: true });
    }
  });
});

test('axe in light mode on desktop, the empty check form included', async ({ page }) => {
  for (const path of ['/check', `/check?n=${drawn.slice(2)}`, '/stats']) {
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByText('Loading results...')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
});
