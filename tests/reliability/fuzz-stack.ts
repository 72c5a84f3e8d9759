import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { resultRow } from '../utils/draws.ts';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';
import type { Credentials } from './grammar-bodies.ts';

export interface FuzzStack {
  stack: TestStack;
  admin: SignedIn;
  user: SignedIn;
  creds: Credentials;
  /** Seeded rows: what a normal query must keep returning. */
  seeded: number;
  stop(): Promise<void>;
}

/** A stack with a tiny built app (for static paths), an admin, a plain user and a day of results. */
export async function startFuzzStack(): Promise<FuzzStack> {
  const distDir = mkdtempSync(path.join(tmpdir(), 'lotto24-fuzz-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><!-- runtime-config --></head><body></body></html>',
  );
  writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log("app");\n'.repeat(100));
  const stack = await startTestStack({ distDir });
  const admin = await stack.createAdmin();
  const user = await stack.createUser();
  const rows = Array.from({ length: 24 }, (_, hour) =>
    resultRow('2024-03-01', hour, String((hour * 379) % 10_000).padStart(4, '0')),
  );
  const { error } = await admin.client.from('lottery_results').insert(rows);
  if (error) throw error;
  return {
    stack,
    admin,
    user,
    seeded: rows.length,
    creds: {
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      userToken: user.accessToken,
      adminToken: admin.accessToken,
    },
    stop: async () => {
      await stack.stop();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** The stack still serves: the app's own query, through supabase-js, answers as before. */
export async function assertServing(fuzz: FuzzStack): Promise<void> {
  const { data, error } = await fuzz.stack
    .client()
    .from('lottery_results')
    .select('draw_hour, first_prize')
    .eq('draw_date', '2024-03-01')
    .order('draw_hour');
  expect(error).toBeNull();
  expect(data).toHaveLength(fuzz.seeded);
}
