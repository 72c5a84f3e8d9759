import { defineConfig, devices } from '@playwright/test';
import { E2E_LOTTERY_TIMEZONE } from './tests/e2e/lottery-zone.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/utils/chromium.ts';
import { allow } from './tests/utils/load-factor.ts';

/** The port of the stack the end-to-end tests run against; it serves the built app in `dist/`. */
const port = Number(process.env.E2E_PORT ?? 4173);
/** Vite's dev server (`npm run dev`) in front of that stack, for tests/e2e/dev-server*.spec.ts. */
const devPort = Number(process.env.E2E_DEV_PORT ?? port + 1001);
const devSpecs = /dev-server.*\.spec\.ts$/;
/**
 * tests/e2e/supabase-cli*.spec.ts start their own stack at the Supabase CLI's API port and Vite
 * configured the Docker way (`npm run dev:supabase`), on these ports.
 */
export const cliStackPort = Number(process.env.E2E_SUPABASE_PORT ?? 54321);
export const cliDevPort = Number(process.env.E2E_CLI_DEV_PORT ?? port + 1002);
const cliSpecs = /supabase-cli.*\.spec\.ts$/;
/**
 * The stack's draw-beacon fetches local beacon rounds through this port (BEACON_LOCAL_URL), where
 * only tests/e2e/beacon-draw-live.spec.ts listens, cutting and restoring the beacon as it goes:
 * with nobody there, the local beacon is unreachable (no other spec ties a draw to it).
 */
export const beaconRelayPort = Number(process.env.E2E_BEACON_RELAY_PORT ?? port + 1003);
export const e2eAdmin = { email: 'e2e-admin@lotto24.test', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Ceilings of waits on conditions, scaled for a busy machine (tests/utils/load-factor.ts).
  timeout: allow(30_000),
  expect: { timeout: allow(5_000) },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: '.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The visitor's browser is in Los Angeles, the lottery in Asia (tests/e2e/lottery-zone.ts).
    timezoneId: 'America/Los_Angeles',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [devSpecs, cliSpecs],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // A few focused tests of `npm run dev` (StrictMode, unbundled modules, the proxy to the
      // stack), so the development setup cannot quietly break again.
      name: 'dev-server',
      testMatch: devSpecs,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${devPort}`,
      },
    },
    {
      // `supabase start` + `npm run dev:supabase`, with the local stack at the CLI's ports.
      name: 'supabase-cli',
      testMatch: cliSpecs,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: 'tsx tests/utils/serve-stack.ts',
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: allow(60_000),
      stdout: 'ignore',
      env: {
        PORT: String(port),
        DATA_DIR: `.tmp/e2e-data-${port}`,
        SEED_DEMO: 'true',
        LOTTERY_TIMEZONE: E2E_LOTTERY_TIMEZONE,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        // The recovery e2e reads its mail at /mailbox, a development tool that is off by default.
        MAILBOX: 'on',
        // Every admin spec signs in with a code from 127.0.0.1: GoTrue's own knob lifts its
        // guessing bound (15 a minute) for the suite; tests/integration/auth-mfa.test.ts keeps it.
        GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: '600',
        // The suite signs admins in (password, then code) far more than 30 times in 5 minutes
        // from 127.0.0.1; tests/integration/auth-rate-limit.test.ts keeps config.toml's 30.
        AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
        // ADR 012's draws, as the specs that Generate days ahead expect (after the beacon switch
        // those hours are left to their round, ADR 023). A spec that draws through the local
        // beacon switches itself: the local chain is in beacon_chains from the first start.
        BEACON_CHAIN: 'off',
        BEACON_LOCAL_URL: `http://127.0.0.1:${beaconRelayPort}`,
      },
    },
    {
      // Pointed at the stack above the way the README tells a developer to (STACK_URL).
      command: `vite --host 127.0.0.1 --port ${devPort} --strictPort`,
      url: `http://127.0.0.1:${devPort}/`,
      reuseExistingServer: false,
      timeout: allow(60_000),
      stdout: 'ignore',
      // Its own dependency cache, like the stack's DATA_DIR: another checkout's dev server on
      // the same node_modules cannot rewrite the bundles this one serves (vite.config.ts).
      env: { STACK_URL: `http://127.0.0.1:${port}`, VITE_CACHE_DIR: `.tmp/vite-dev-${devPort}` },
    },
  ],
});
