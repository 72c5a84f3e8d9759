import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { anonClient, serviceClient, stackDataDir } from './service-client.ts';
import { allow } from '../utils/load-factor.ts';

export type Credentials = { email: string; password: string };

/** The code an authenticator app shows now (or `steps` periods away) for `secret`. */
export function totpCode(secret: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * Each account's secret, kept in the stack's data dir: wiped with the stack, so a secret never
 * outlives the factor it belongs to, and shared by every spec file of the run.
 */
const secretFile = (email: string) => path.join(stackDataDir(), 'e2e-totp', `${email}.txt`);

function savedSecret(email: string): string | null {
  try {
    return readFileSync(secretFile(email), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Enrols a TOTP factor for the account through the API, as an admin's phone would be set up:
 * a password sign-in, enroll, and the first code. Returns the secret.
 */
export async function enrolFactor(baseURL: string, { email, password }: Credentials) {
  const client = anonClient(baseURL);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'e2e phone' });
  if (enrolled.error) throw enrolled.error;
  const { secret } = enrolled.data.totp;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totpCode(secret),
  });
  if (verified.error) throw verified.error;
  mkdirSync(path.dirname(secretFile(email)), { recursive: true });
  writeFileSync(secretFile(email), secret);
  return secret;
}

/**
 * The account's TOTP secret: the one this run enrolled, or a new factor. An account holding
 * factors whose secret this run does not know (a spec file's worker restarted) loses them
 * first, through the admin API, as an operator would for a lost phone.
 */
export async function factorSecret(baseURL: string, credentials: Credentials): Promise<string> {
  const saved = savedSecret(credentials.email);
  if (saved) return saved;
  const service = serviceClient(baseURL);
  const { data, error } = await service.auth.admin.listUsers({ perPage: 1000 });
  if (error) throw error;
  const user = data.users.find((candidate) => candidate.email === credentials.email);
  for (const factor of user?.factors ?? []) {
    const removed = await service.auth.admin.mfa.deleteFactor({ userId: user!.id, id: factor.id });
    if (removed.error) throw removed.error;
  }
  return enrolFactor(baseURL, credentials);
}

/**
 * Raises an API client signed in with the password to aal2 with the account's code, as the
 * dashboard does: the database refuses an admin's writes below it.
 */
export async function raiseToAal2(
  client: Pick<SupabaseClient, 'auth'>,
  baseURL: string,
  credentials: Credentials,
): Promise<void> {
  const secret = await factorSecret(baseURL, credentials);
  const factors = await client.auth.mfa.listFactors();
  if (factors.error) throw factors.error;
  const factorId = factors.data.totp[0]?.id;
  if (!factorId) throw new Error(`${credentials.email} has no verified factor`);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
  if (verified.error) throw verified.error;
}

/** Types the current code into the page's "6-digit code" field and submits it. */
export async function typeCode(page: Page, secret: string, submit = 'Verify'): Promise<void> {
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: submit }).click();
}

/** After the password: the code step, then the dashboard at aal2. */
export async function completeSecondFactor(page: Page, secret: string): Promise<void> {
  // The admin page is a lazy chunk: Vite's dev server compiles it on first request.
  await expect(page.getByRole('heading', { level: 1, name: 'Enter Your Code' })).toBeVisible({
    timeout: allow(20_000),
  });
  await typeCode(page, secret);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}
