import { randomInt } from 'node:crypto';
import { test, type APIRequestContext, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { e2eAdmin } from '../../playwright.config.ts';
import type { Database } from '../../src/lib/database.types.ts';
import {
  addDays,
  DRAWING_WINDOW_MS,
  drawTime,
  isPublished,
  lastDraw,
  nextDraw,
  todayIn,
} from '../../src/shared/lottery-clock.ts';
import type { LotteryResult } from '../../src/lib/types.ts';
import { E2E_LOTTERY_TIMEZONE } from './lottery-zone.ts';
import { factorSecret, raiseToAal2 } from './mfa-utils.ts';

/** The stack's lottery timezone; the browser runs in Los Angeles. */
export const ZONE = E2E_LOTTERY_TIMEZONE;
export type Client = SupabaseClient<Database>;

export const today = () => todayIn(ZONE);
export const lotteryDay = (offset: number) => addDays(today(), offset);
export const randomPrize = () => String(randomInt(0, 10_000)).padStart(4, '0');
export const spoken = (prize: string) => `First prize ${prize.split('').join(' ')}`;

/** A page's main landmark, the alert a failed read shows in it, and the day's REST reads. */
export const main = (page: Page) => page.getByRole('main');
export const failure = (page: Page) => main(page).getByRole('alert');
export const resultsRest = /\/rest\/v1\/lottery_results/;

/** An anonymous and a signed-in admin client, with the key the stack injected into the page. */
export async function apiClients(request: APIRequestContext, baseURL: string) {
  const html = await (await request.get('/')).text();
  const anonKey = /"supabaseAnonKey":"([^"]+)"/.exec(html)?.[1];
  if (!anonKey) throw new Error('index.html carries no runtime config');
  const make = () =>
    createClient<Database>(baseURL, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
  const admin = make();
  // The account's factor first (enrolment signs in on its own), then this client's aal2.
  await factorSecret(baseURL, e2eAdmin);
  const { error } = await admin.auth.signInWithPassword(e2eAdmin);
  if (error) throw error;
  await raiseToAal2(admin, baseURL, e2eAdmin);
  return { anon: make(), admin };
}

/** Today's hours whose draw time has passed, newest first. */
export function publishedHoursToday(): number[] {
  const date = today();
  const now = new Date();
  return [...Array(24).keys()].filter((h) => isPublished(date, h, ZONE, now)).reverse();
}

/**
 * The last draw, once the clock is clear of a draw moment: its drawing window closed (before,
 * Today lists it as "Drawing now…" even without a row) and the next draw more than 90 s ahead
 * (the stack's tick would add its row meanwhile). Waits, at most a window and a half, when the
 * clock is near a draw: a test that empties or rewrites Today's last draw needs it. The wait is
 * added to the test's limit, so the test keeps its own time for what follows.
 */
export async function clearOfDrawMoment(page: Page) {
  const margin = 5_000;
  for (;;) {
    const now = Date.now();
    const last = lastDraw(ZONE, new Date(now));
    const next = nextDraw(ZONE, new Date(now));
    const windowLeft = last.at.getTime() + DRAWING_WINDOW_MS + margin - now;
    const nextIn = next.at.getTime() - now;
    if (windowLeft <= 0 && nextIn > 90_000) return last;
    const wait = windowLeft > 0 ? windowLeft : nextIn + DRAWING_WINDOW_MS + margin;
    test.setTimeout(test.info().timeout + wait);
    await page.waitForTimeout(wait);
  }
}

/** A draw safely in the future (at least a minute away), for results that must stay hidden. */
export function upcomingDraw(): { date: string; hour: number } {
  const next = nextDraw(ZONE);
  if (next.at.getTime() - Date.now() > 60_000) return next;
  return next.hour === 23
    ? { date: addDays(next.date, 1), hour: 0 }
    : { ...next, hour: next.hour + 1 };
}

export async function resultsOf(client: Client, date: string): Promise<LotteryResult[]> {
  const { data, error } = await client
    .from('lottery_results')
    .select('*')
    .eq('draw_date', date)
    .order('draw_hour', { ascending: false });
  if (error) throw error;
  return data;
}

/** Replaces whatever result the draw has with `prize`, as an admin would. */
export async function putResult(admin: Client, date: string, hour: number, prize: string) {
  await removeResult(admin, date, hour);
  const { data, error } = await admin
    .from('lottery_results')
    .insert({ draw_date: date, draw_hour: hour, draw_time: drawTime(hour), first_prize: prize })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export async function removeResult(admin: Client, date: string, hour: number) {
  const { error } = await admin
    .from('lottery_results')
    .delete()
    .eq('draw_date', date)
    .eq('draw_hour', hour);
  if (error) throw error;
}

/** Puts rows back as they were (ids and authors aside) after a test emptied a day. */
export async function restoreResults(admin: Client, rows: LotteryResult[]) {
  for (const row of rows) await putResult(admin, row.draw_date, row.draw_hour, row.first_prize);
}
