import { expect, test } from '@playwright/test';
import type pg from 'pg';
import { DRAWING_WINDOW_MS, hourLabel } from '../../src/shared/lottery-clock.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  apiClients,
  lotteryDay,
  publishedHoursToday,
  putResult,
  randomPrize,
  removeResult,
  spoken,
  today,
  type Client,
} from './public-data.ts';
import {
  commitTheDayBefore,
  drawBySystem,
  drawMoment,
  openVerification,
  ownerPool,
} from './verify-utils.ts';
import { allow } from '../utils/load-factor.ts';

let pool: pg.Pool;
let anon: Client;
let admin: Client;

test.beforeAll(async ({ request, baseURL }) => {
  pool = ownerPool();
  ({ anon, admin } = await apiClients(request, baseURL!));
});

test.afterAll(async () => {
  await pool.end();
});

const otherPrize = (prize: string) => String((Number(prize) + 5_000) % 10_000).padStart(4, '0');

test('a system draw verifies from History; a tampered seed does not', async ({ page }) => {
  const date = lotteryDay(-2);
  const hour = 9;
  const seed = await commitTheDayBefore(pool, date, hour);
  const prize = await drawBySystem(pool, date, hour);

  // On a phone: 64-digit hex wraps rather than widening the page.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/history?date=${date}`);
  const { row, panel, outcome } = await openVerification(page, hour);
  await expect(row).toContainText(spoken(prize));
  await expect(outcome).toHaveText('Verified');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await expect(panel).toContainText(seed);
  await expect(panel).toContainText(`lotto24:${date}:09:0`);
  await expect(panel).toContainText('Matches the commitment');
  // Drawn now for a day long past: honest about it.
  await expect(row).toContainText('Drawn late');
  await expect(row).not.toContainText(/Entered by the operator|Corrected/);
  // The row leads to the draw's own page, which verifies it too; Back returns to the day.
  // (the row's own link; its open check below holds a second, Download proof)
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(`/draw/${date}/${hour}`);
  const pagePanel = page.getByRole('region', { name: /^Verification of draw/ });
  await expect(pagePanel.getByRole('status')).toHaveText('Verified');
  await page.goBack();
  await expect(page).toHaveURL(`/history?date=${date}`);

  // Someone with database access swaps the revealed seed: the browser catches it.
  const other = await pool.query<{ seed: string }>(
    `update "public"."draw_seeds" set "seed" = encode("extensions"."gen_random_bytes"(32), 'hex')
      where "draw_date" = $1 and "draw_hour" = $2 returning "seed"`,
    [date, hour],
  );
  try {
    await page.reload();
    const tampered = await openVerification(page, hour);
    await expect(tampered.outcome).toHaveText(
      'Not verified: the seed does not match the commitment',
    );
    await expect(tampered.panel).toContainText(other.rows[0]!.seed);
    await expect(tampered.panel).toContainText('Does not match the commitment');
  } finally {
    await pool.query(
      `update "public"."draw_seeds" set "seed" = $3 where "draw_date" = $1 and "draw_hour" = $2`,
      [date, hour, seed],
    );
  }
});

test('a system result changed after its draw is not verified, and shows its correction', async ({
  page,
}) => {
  const date = lotteryDay(-3);
  const hour = 17;
  await commitTheDayBefore(pool, date, hour);
  const prize = await drawBySystem(pool, date, hour);
  const changed = otherPrize(prize);
  await pool.query(
    `update "public"."lottery_results" set "first_prize" = $3
      where "draw_date" = $1 and "draw_hour" = $2`,
    [date, hour, changed],
  );

  await page.goto(`/history?date=${date}`);
  const listed = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: hourLabel(hour) });
  await expect(listed.getByText(/^Corrected from/)).toHaveText(
    new RegExp(`^Corrected from ${prize} at .*\\d{2}:\\d{2}$`),
  );
  const { row, outcome, panel } = await openVerification(page, hour);
  await expect(row).toContainText(spoken(changed));
  await expect(outcome).toHaveText(
    `Not verified: the seed derives ${prize}, the published result is ${changed}`,
  );
  await expect(panel).toContainText(`Corrected from ${prize} at`);
});

test("a past day generated now is the operator's: nothing proves its number was fixed in advance", async ({
  page,
}) => {
  const date = lotteryDay(-4);
  const hour = 20;
  await removeResult(admin, date, hour);
  const { data, error } = await admin.rpc('generate_lottery_results', {
    from_date: date,
    to_date: date,
  });
  expect(error).toBeNull();
  expect(data).toMatchObject({ created: 1 });

  await page.goto(`/history?date=${date}`);
  const { row, outcome } = await openVerification(page, hour);
  await expect(row).toContainText('Entered by the operator');
  await expect(outcome).toHaveText('Entered by the operator: not verifiable by seed');
});

test("an operator's result says so, and its later correction shows to every visitor", async ({
  page,
}) => {
  const date = lotteryDay(-1);
  const hour = 6;
  const first = randomPrize();
  await putResult(admin, date, hour, first);
  const corrected = otherPrize(first);
  const { error } = await admin
    .from('lottery_results')
    .update({ first_prize: corrected })
    .eq('draw_date', date)
    .eq('draw_hour', hour);
  expect(error).toBeNull();
  const { data } = await anon
    .from('lottery_results')
    .select('corrected_at')
    .eq('draw_date', date)
    .eq('draw_hour', hour)
    .single();
  expect(data?.corrected_at).toBeTruthy();

  await page.goto(`/history?date=${date}`);
  const { row, outcome, panel } = await openVerification(page, hour);
  await expect(row).toContainText('Entered by the operator');
  await expect(row).toContainText(new RegExp(`Corrected from ${first} at`));
  await expect(outcome).toHaveText('Entered by the operator: not verifiable by seed');
  await expect(panel).toContainText(`Corrected from ${first} at`);
});

test('a draw happens on its own while Today is open, late, and verifies', async ({ page }) => {
  test.setTimeout(allow(240_000)); // it may wait up to 2.5 min for a draw past its window
  // The latest draw of today past its drawing window (Today lists a draw in its first two
  // minutes as being drawn, result or not, so the deleted row would stay), and so its redraw
  // is more than a minute late.
  const old = DRAWING_WINDOW_MS + 30_000;
  let hour = publishedHoursToday().find((h) => Date.now() - drawMoment(today(), h).getTime() > old);
  if (hour === undefined) {
    const latest = publishedHoursToday()[0]!;
    await page.waitForTimeout(
      Math.max(0, drawMoment(today(), latest).getTime() + old + 1_000 - Date.now()),
    );
    hour = latest;
  }
  const date = today();
  await page.goto('/');
  const row = page
    .getByRole('list', { name: "Today's draws, newest first" })
    .getByRole('listitem')
    .filter({ has: page.getByText(hourLabel(hour), { exact: true }) });
  await expect(row).toBeVisible();

  // The draw's seed committed the day before, its result gone: the stack was down at its time.
  // The scheduler owes every hour since auto draw was switched on and since its last tick, so
  // both move back before this draw.
  const seed = await commitTheDayBefore(pool, date, hour);
  await expect(row).toHaveCount(0);
  const before = new Date(drawMoment(date, hour).getTime() - 60_000);
  await pool.query(
    'update "public"."lottery_settings" set "auto_draw" = true, "auto_draw_since" = $1 where "id"',
    [before],
  );
  await pool.query('update "private"."auto_draw_state" set "drawn_through" = $1', [before]);

  // Nobody reloads: the system's draw comes in live within a few ticks.
  await expect(row).toContainText('Drawn late', { timeout: allow(30_000) });
  const { data, error } = await anon
    .from('lottery_results')
    .select('first_prize, source')
    .eq('draw_date', date)
    .eq('draw_hour', hour)
    .single();
  expect(error).toBeNull();
  expect(data?.source).toBe('system');
  await expect(row).toContainText(spoken(data!.first_prize));

  const { outcome, panel } = await openVerification(page, hour);
  await expect(outcome).toHaveText('Verified');
  await expect(panel).toContainText(seed);
  await expect(panel).toContainText('(drawn late)');
});
