// Cold page loads in Chromium, timed on the page's own clock from navigation start. "Results
// visible" is the animation frame after the first digit ball of a result row (DigitBall's
// `span[data-color]` inside the results list's `li`) entered the DOM: the frame that paints it.
// The script is a string because tsx would wrap named functions in a helper (`__name`) that does
// not exist in the page.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/utils/chromium.ts';
import { waitInPage } from './page-wait.ts';

export const RESULT_BALL = 'ul li span[data-color]';

const PROBE = `(() => {
  const probe = { visible: 0 };
  window.__benchLoad = probe;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(RESULT_BALL)})) return;
    observer.disconnect();
    requestAnimationFrame(() => { probe.visible = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true });
})()`;

export interface LoadTiming {
  /** ms from navigation start to the frame after the first result ball appeared. */
  visible: number;
  /** ms from navigation start to the end of the load event. */
  load: number;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** One navigation in a new context (empty cache, no service worker, no cookies). */
export async function coldLoad(browser: Browser, url: string): Promise<LoadTiming> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await page.goto(url, { waitUntil: 'load' });
    await waitInPage(page, 'window.__benchLoad.visible > 0', { timeoutMs: 15_000, pollMs: 20 });
    const timing = (await page.evaluate(`({
      visible: window.__benchLoad.visible,
      load: performance.getEntriesByType('navigation')[0].loadEventEnd,
    })`)) as LoadTiming;
    return timing;
  } finally {
    await context.close();
  }
}
