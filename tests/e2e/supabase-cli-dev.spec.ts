import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { cliDevPort, cliStackPort, e2eAdmin } from '../../playwright.config.ts';
import { repoRoot } from '../../server/src/config.ts';
import { formatLongDate } from '../../src/shared/lottery-clock.ts';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import { signInThroughUi } from './admin-utils.ts';
import { typeCode } from './mfa-utils.ts';
import { today, ZONE } from './public-data.ts';
import { allow } from '../utils/load-factor.ts';

// The README's Docker path, `supabase start` then `npm run dev:supabase`, with the local stack
// standing in for the CLI's containers at the CLI's API port (54321; E2E_SUPABASE_PORT when that
// is taken) and a `supabase` on PATH that prints `status -o json` in the CLI's shape. The app
// gets only VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY: no runtime config page, no proxy.

let stack: StackProcess;
let vite: ChildProcess | undefined;
let binDir: string;
const devUrl = `http://127.0.0.1:${cliDevPort}`;

/** A `supabase` executable answering `status -o json` as the CLI does for this stack. */
function fakeCli(status: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-cli-'));
  const file = path.join(dir, 'supabase');
  writeFileSync(
    file,
    `#!/bin/sh\n[ "$1 $2 $3" = "status -o json" ] || exit 64\ncat <<'JSON'\n${JSON.stringify(status, null, 2)}\nJSON\n`,
  );
  chmodSync(file, 0o755);
  return dir;
}

/** The shell's own stack settings stay out: only what `supabase status` says counts. */
function cliEnv(bin: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH}`,
  };
  for (const name of ['STACK_URL', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']) delete env[name];
  return env;
}

async function answers(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fetch(url).catch(() => undefined))?.ok) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.beforeAll(async () => {
  test.setTimeout(allow(180_000));
  stack = await startStackProcess({
    port: cliStackPort,
    env: {
      SEED_DEMO: 'true',
      LOTTERY_TIMEZONE: ZONE,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
    },
  });
  binDir = fakeCli({
    API_URL: stack.url,
    DB_URL: stack.databaseUrl,
    MAILPIT_URL: `${stack.url}/mailbox`,
    ANON_KEY: stack.anonKey,
    SERVICE_ROLE_KEY: stack.serviceRoleKey,
  });
  vite = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/dev-supabase.ts',
      '--host',
      '127.0.0.1',
      '--port',
      String(cliDevPort),
      '--strictPort',
    ],
    {
      cwd: repoRoot,
      stdio: 'ignore',
      detached: true,
      env: cliEnv(binDir),
    },
  );
  await answers(devUrl, 90_000);
});

test.afterAll(async () => {
  if (vite?.pid) process.kill(-vite.pid, 'SIGTERM');
  await stack?.stop();
  rmSync(binDir, { recursive: true, force: true });
});

test.use({ baseURL: devUrl });

test('a visitor sees Today, read straight from the API port, with no runtime config', async ({
  page,
}) => {
  const apiRead = page.waitForRequest((r) => r.url().startsWith(`${stack.url}/rest/v1/`));
  await page.goto('/');
  await apiRead;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's Results");
  // The lottery's date: its timezone came from lottery_settings, since no page config named it.
  await expect(page.getByText(formatLongDate(today()), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: "Today's draws, newest first" })).toBeVisible();
  expect(
    await page.evaluate(() => (window as { __LOTTO24_CONFIG__?: unknown }).__LOTTO24_CONFIG__),
  ).toBeUndefined();
});

test('an admin signs in against the API port and reaches the dashboard', async ({ page }) => {
  test.setTimeout(allow(90_000));
  const signIn = page.waitForRequest((r) => r.url().startsWith(`${stack.url}/auth/v1/token`));
  await signInThroughUi(page, e2eAdmin.email, e2eAdmin.password);
  await signIn;
  await expect(page).toHaveURL(/\/admin$/);
  // A fresh admin sets up its authenticator first (ADR 025). Vite compiles the lazy admin page
  // on its first request: allow for that on a busy machine.
  await expect(page.getByRole('heading', { name: 'Set Up Two-Step Sign-In' })).toBeVisible({
    timeout: allow(45_000),
  });
  const enrolled = page.waitForRequest((r) => r.url().startsWith(`${stack.url}/auth/v1/factors`));
  await typeCode(page, await page.getByLabel('Secret key').inputValue(), 'Confirm code');
  await enrolled;
  await expect(page.getByRole('heading', { name: 'Past Results' })).toBeVisible({
    timeout: allow(45_000),
  });
});
