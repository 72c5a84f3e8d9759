import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import { resultRow } from '../utils/draws.ts';
import { enrolTotp, totpCode } from '../utils/totp.ts';
import { adminEmail, adminPassword, type StressStack } from './stress-stack.ts';

export type Client = SupabaseClient<Database>;
export type ResultInsert = Database['public']['Tables']['lottery_results']['Insert'];

export function client(stack: StressStack, key = stack.anonKey): Client {
  return createClient<Database>(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** The admin's TOTP secret per stack address, kept across sign-ins and restarts of one stack. */
const secrets = new Map<string, string>();

/**
 * Signs in as the ADMIN_EMAIL account the stack ensured at start, as the admin page does, and
 * verifies a code from its authenticator (enrolled on the first sign-in): admin changes need
 * aal2 (ADR 025).
 */
export async function signInAdmin(stack: StressStack): Promise<Client> {
  const admin = client(stack);
  const { error } = await admin.auth.signInWithPassword({
    email: adminEmail,
    password: adminPassword,
  });
  if (error) throw error;
  const secret = secrets.get(stack.url);
  if (secret === undefined) {
    secrets.set(stack.url, (await enrolTotp(admin)).factor.secret);
    return admin;
  }
  const { data } = await admin.auth.mfa.listFactors();
  const factor = data?.totp[0];
  if (!factor) throw new Error('the admin lost its factor');
  const verified = await admin.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(secret),
  });
  if (verified.error) throw verified.error;
  return admin;
}

/**
 * The n-th result of a test's own sequence: one hour after another from `firstDay`, long past, so
 * each is published and no two collide with each other or with demo data.
 */
export function nthResult(n: number, firstDay: string): ResultInsert {
  const day = new Date(`${firstDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + Math.floor(n / 24));
  return resultRow(
    day.toISOString().slice(0, 10),
    n % 24,
    String((n * 7919) % 10_000).padStart(4, '0'),
  );
}

export function resultKey(row: { draw_date: string; draw_hour: number }): string {
  return `${row.draw_date} ${row.draw_hour}`;
}

/** Every result before `beforeDay`, key → prize, read page by page as the service role. */
export async function readResults(
  service: Client,
  beforeDay: string,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from('lottery_results')
      .select('draw_date, draw_hour, first_prize')
      .lt('draw_date', beforeDay)
      .order('draw_date')
      .order('draw_hour')
      .range(from, from + 999);
    if (error) throw error;
    for (const row of data) found.set(resultKey(row), row.first_prize);
    if (data.length < 1000) return found;
  }
}
