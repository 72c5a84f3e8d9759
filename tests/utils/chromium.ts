import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

// Where a system Chromium or Chrome usually lives, Linux first (CI uses Debian's package).
const systemBrowsers = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

/**
 * The browser every end-to-end test and browser bench drives: the one `CHROMIUM_PATH` names, else
 * Playwright's own Chromium when `npx playwright install chromium` put it there, else a system
 * Chromium or Chrome. Nothing is ever downloaded here; with none found, one sentence says what to do.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.CHROMIUM_PATH;
  if (named) {
    if (existsSync(named)) return named;
    throw new Error(`CHROMIUM_PATH names ${named}, which does not exist.`);
  }
  const found = [chromium.executablePath(), ...systemBrowsers].find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'No Chromium found for the end-to-end tests: install one (`npx playwright install chromium`, ' +
      'or `apt-get install chromium` on Debian) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/** The flags every browser here runs with: headless, and no calls home from a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Resolved once, when a test config or bench loads this module. */
export const CHROMIUM_PATH = findChromium();
