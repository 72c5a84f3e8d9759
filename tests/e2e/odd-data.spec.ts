import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type pg from 'pg';
import WebSocket from 'ws';
import { readStackState } from '../../server/src/stack-state.ts';
import { e2eAdmin } from '../../playwright.config.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { drawTime } from '../../src/shared/lottery-clock.ts';
import { expectToast, saveAdminSession, section } from './admin-utils.ts';
import { apiClients, removeResult, type Client } from './public-data.ts';
import { ownerPool } from './verify-utils.ts';

// Draws at the edges of the draw date range (ADR 020), and the rows a database kept from before
// it (the constraint NOT VALID): every page still renders them, or leaves them out, sensibly.

const EDGES = [
  { date: '2000-01-01', hour: 0 },
  { date: '2099-12-31', hour: 23 },
];
/** Dates only a database from before migration 0800 can hold. */
const OLD = [
  { date: '0001-01-01 BC', hour: 5 },
  { date: '-infinity', hour: 6 },
  { date: 'infinity', hour: 7 },
  { date: '99999-01-01', hour: 8 },
];
const RANGE = 'lottery_results_draw_date_range';
const sessionFile = '.tmp/e2e-odd-data-session.json';

let admin: Client;
let service: Client;
let owner: pg.Pool;
let prize: string;

async function unusedPrize(anon: Client): Promise<string> {
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

test.beforeAll(async ({ request, baseURL, browser }) => {
  let anon: Client;
  ({ admin, anon } = await apiClients(request, baseURL!));
  owner = ownerPool();
  service = createClient<Database>(baseURL!, serviceKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  prize = await unusedPrize(anon);
  for (const { date, hour } of EDGES) {
    await removeResult(admin, date, hour);
    const { error } = await service
      .from('lottery_results')
      .insert({ draw_date: date, draw_hour: hour, draw_time: drawTime(hour), first_prize: prize });
    expect(error).toBeNull();
  }
  // The service role cannot write past the range any more...
  const refused = await service
    .from('lottery_results')
    .insert({ draw_date: 'infinity', draw_hour: 7, draw_time: drawTime(7), first_prize: prize });
  expect(refused.error?.code).toBe('23514');
  // ...so the owner plays a database from before it: the rows, then the constraint NOT VALID.
  await owner.query(`alter table public.lottery_results drop constraint ${RANGE}`);
  for (const { date, hour } of OLD)
    await owner.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       values ($1, $2, $3, $4) on conflict (draw_date, draw_hour) do update set first_prize = $4`,
      [date, hour, drawTime(hour), prize],
    );
  await owner.query(
    `alter table public.lottery_results add constraint ${RANGE}
     check (draw_date between date '2000-01-01' and date '2099-12-31') not valid`,
  );
  await saveAdminSession(browser, sessionFile, e2eAdmin);
});

test.afterAll(async () => {
  await owner.query(
    `delete from public.lottery_results
      where first_prize = $1 and not (draw_date between date '2000-01-01' and date '2099-12-31')`,
    [prize],
  );
  await owner.query(`alter table public.lottery_results validate constraint ${RANGE}`);
  for (const { date, hour } of EDGES) await removeResult(admin, date, hour);
  await owner.end();
});

/** The service_role key the e2e stack wrote into its data dir (as `npm run status` prints it). */
function serviceKey(): string {
  const port = Number(process.env.E2E_PORT ?? 4173);
  const state = readStackState(path.resolve(`.tmp/e2e-data-${port}`));
  if (!state) throw new Error('The e2e stack is not running');
  return state.serviceRoleKey;
}

const noFailure = async (page: Page) =>
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

test('check lists published odd dates as written and links the real ones', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check' }).click();
  await page.getByRole('textbox', { name: 'Your number' }).fill(prize);
  await page.getByRole('textbox', { name: 'Your number' }).press('Enter');
  await expect(page).toHaveURL(`/check?n=${prize}`);
  const exact = page.getByRole('region', { name: /^Exact first prize/ });
  // Published: 2000-01-01, the BC day and -infinity; 2099, infinity and 99999 are not yet.
  await expect(exact.getByRole('heading')).toHaveText(`Exact first prize ${prize} (3 draws)`);
  const items = exact.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('January 1, 2000');
  await expect(items.nth(1)).toContainText('0001-01-01 BC');
  await expect(items.nth(2)).toContainText('-infinity');
  await expect(exact.getByRole('link')).toHaveCount(1);
  await noFailure(page);

  await exact.getByRole('link').click();
  await expect(page).toHaveURL('/draw/2000-01-01/0');
  await expect(page.getByRole('main')).toContainText(prize);
  await page.getByRole('link', { name: /in History/ }).click();
  await expect(page).toHaveURL('/history?date=2000-01-01');
  await expect(page.getByRole('main')).toContainText('00:30');
  await noFailure(page);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(`/check?n=${prize}`);
  await expect(items).toHaveCount(3);
});

test('stats, grid, a far-future draw page and the feeds still answer', async ({
  page,
  request,
}) => {
  await page.goto('/stats?period=all');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await noFailure(page);
  await page.goto('/grid');
  await expect(page.getByRole('table')).toBeVisible();
  await noFailure(page);
  await page.goto('/draw/2099-12-31/23');
  await expect(page.getByRole('main')).toContainText('Not drawn yet');
  await noFailure(page);
  for (const format of ['rss', 'json']) {
    const feed = await request.get(`/functions/v1/results-feed?format=${format}`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).not.toContain('infinity');
  }
});

test.describe('the admin dashboard', () => {
  test.use({ storageState: sessionFile });

  test('shows the rows outside the range, says why an edit fails, and deletes one', async ({
    page,
  }) => {
    await page.goto('/admin');
    const past = section(page, 'Past Results');
    const scheduled = past.getByRole('list', { name: 'Scheduled results' });
    const far = scheduled.getByRole('listitem').filter({ hasText: 'infinity' });
    await expect(far).toHaveCount(1);
    await expect(far).toContainText('Date out of range');
    await expect(far).toContainText('Scheduled');
    const year99999 = scheduled.getByRole('listitem').filter({ hasText: '99999-01-01' });
    await expect(year99999).toContainText('Date out of range');
    const edge = scheduled.getByRole('listitem').filter({ hasText: '2099-12-31' });
    await expect(edge).toHaveCount(1);
    await expect(edge).not.toContainText('Date out of range');
    await noFailure(page);

    // An edit keeps the bad date, so the constraint refuses it: a plain sentence says why.
    await far.getByRole('button', { name: /Edit/ }).click();
    await far.getByRole('textbox').fill('1111');
    await far.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'The draw date must be between 2000-01-01 and 2099-12-31');
    await far.getByRole('button', { name: 'Cancel' }).click();

    await far.getByRole('button', { name: /Delete/ }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /Delete/ })
      .click();
    await expect(far).toHaveCount(0);
    await expect(year99999).toHaveCount(1);
  });
});
