// Watches an open page for prizes to appear and records when, on the page's own clock
// (performance.timeOrigin + performance.now(): epoch milliseconds, comparable with Node's on the
// same machine). The scripts are strings because tsx would wrap named functions in a helper
// (`__name`) that does not exist in the page.
import type { Page } from 'playwright-core';
import { waitInPage } from './page-wait.ts';

/** The screen-reader text PrizeNumber renders for a prize: "First prize 1 2 3 4". */
export const spokenPrize = (prize: string): string => `First prize ${prize.split('').join(' ')}`;

const INSTALL = `(() => {
  const probe = { wanted: new Set(), seen: {}, framed: {} };
  window.__benchProbe = probe;
  new MutationObserver(() => {
    if (probe.wanted.size === 0) return;
    const at = performance.timeOrigin + performance.now();
    const text = document.body.textContent || '';
    for (const spoken of probe.wanted) {
      if (text.includes(spoken)) {
        probe.seen[spoken] = at;
        probe.wanted.delete(spoken);
        requestAnimationFrame(() => {
          probe.framed[spoken] = performance.timeOrigin + performance.now();
        });
      }
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(INSTALL);
}

/** Arms the probe for `prize` before the write, so the first mutation showing it is caught. */
export async function expectPrize(page: Page, prize: string): Promise<void> {
  await page.evaluate(`window.__benchProbe.wanted.add(${JSON.stringify(spokenPrize(prize))})`);
}

/**
 * The page-clock instants the prize entered the DOM (the MutationObserver's callback) and the
 * start of the next animation frame, the one that paints it; throws after `timeoutMs`.
 */
export async function seenAt(
  page: Page,
  prize: string,
  timeoutMs = 5000,
): Promise<{ inDom: number; frame: number }> {
  const key = JSON.stringify(spokenPrize(prize));
  const probe = 'window.__benchProbe';
  return waitInPage(
    page,
    `${probe}.framed[${key}] && { inDom: ${probe}.seen[${key}], frame: ${probe}.framed[${key}] }`,
    { timeoutMs },
  );
}

/** Waits until no element on the page shows `prize` (after an untimed delete). */
export async function waitGone(page: Page, prize: string, timeoutMs = 5000): Promise<void> {
  const key = JSON.stringify(spokenPrize(prize));
  await waitInPage(page, `!(document.body.textContent || '').includes(${key})`, { timeoutMs });
}

/**
 * The page clock minus Node's, read in the middle of a round trip: near 0 on one machine, and
 * at most ± half the round trip off. Printed so a reader can trust cross-clock latencies.
 */
export async function clockOffset(
  page: Page,
  now: () => number,
): Promise<{ offset: number; rtt: number }> {
  const before = now();
  const pageNow = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
  const after = now();
  return { offset: pageNow - (before + after) / 2, rtt: after - before };
}
