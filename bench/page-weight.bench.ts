/**
 * What a visitor downloads, per language: cold visits of `/`, `/th/`, `/lo/`, `/vi/`, `/zh/` and
 * `/ms/` in Chromium (a new context each: empty cache, no service worker), served by the local
 * stack from the built dist/. For each visit, once the first result row is painted and the
 * network has been quiet for 500 ms (the live channel joined, the reads answered):
 *   JavaScript   the scripts fetched, gzip -9 of their files (what scripts/bundle-budget.ts
 *                counts, issue 26: at most 110 KB for `/`) and as transferred (the stack's brotli)
 *   all bytes    every response's body as transferred, the page and fonts included
 *   time         from navigation start to the frame that paints the first result row
 *
 *   npx tsx bench/page-weight.bench.ts [--loads=3] [--port=9291]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium, RESULT_BALL } from './lib/browser-timing.ts';
import { reportFigures, type Figure } from './lib/figures.ts';
import { chooseLotteryZone, countOption, percentile } from './lib/lottery-day.ts';
import { waitInPage } from './lib/page-wait.ts';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import { repoRoot } from '../server/src/config.ts';
import { startStackProcess } from '../tests/utils/stack-process.ts';

const LOADS = countOption('loads', 'BENCH_LOADS', 3);
const PORT = countOption('port', 'BENCH_PORT', 9291);
const PATHS = ['/', '/th/', '/lo/', '/vi/', '/zh/', '/ms/'];

const PROBE = `(() => {
  const probe = { visible: 0 };
  window.__benchWeight = probe;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(RESULT_BALL)})) return;
    observer.disconnect();
    requestAnimationFrame(() => { probe.visible = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true });
})()`;

interface Visit {
  visible: number;
  scripts: string[];
  scriptBytes: number;
  allBytes: number;
}

const gzipped = new Map<string, number>();
/** gzip -9 of a built file, as the bundle budget counts it. */
function gzipOf(pathname: string): number {
  let size = gzipped.get(pathname);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(repoRoot, 'dist', pathname)), { level: 9 }).length;
    gzipped.set(pathname, size);
  }
  return size;
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const bodies: { url: string; type: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      void request.sizes().then((sizes) => {
        bodies.push({
          url: request.url(),
          type: request.resourceType(),
          bytes: sizes.responseBodySize,
        });
      });
    });
    await page.addInitScript(PROBE);
    await page.goto(url, { waitUntil: 'load' });
    await waitInPage(page, 'window.__benchWeight.visible > 0', { timeoutMs: 15_000, pollMs: 20 });
    await page.waitForLoadState('networkidle');
    const visible = (await page.evaluate('window.__benchWeight.visible')) as number;
    const scripts = bodies
      .filter((body) => body.type === 'script' || new URL(body.url).pathname.endsWith('.js'))
      .filter((body) => new URL(body.url).pathname.startsWith('/assets/'));
    return {
      visible,
      scripts: scripts.map((body) => new URL(body.url).pathname).sort(),
      scriptBytes: scripts.reduce((total, body) => total + body.bytes, 0),
      allBytes: bodies.reduce((total, body) => total + body.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function main(): Promise<void> {
  ensureBuild();
  const stack = await startStackProcess({
    port: PORT,
    env: { LOTTERY_TIMEZONE: chooseLotteryZone() },
    echo: true,
  });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  try {
    const figures: Figure[] = [];
    await visit(browser, `${stack.url}/`); // Chromium's own first-use costs, not the app's
    for (const pathname of PATHS) {
      const visits: Visit[] = [];
      for (let i = 0; i < LOADS; i++) visits.push(await visit(browser, `${stack.url}${pathname}`));
      const gzip = visits.map((one) => one.scripts.reduce((sum, file) => sum + gzipOf(file), 0));
      const last = visits.at(-1)!;
      console.log(
        `${pathname}: ${last.scripts.length} scripts, ${kb(median(gzip))} KB gzip -9 ` +
          `(${kb(median(visits.map((v) => v.scriptBytes)))} KB transferred), all ` +
          `${kb(median(visits.map((v) => v.allBytes)))} KB, results visible ` +
          `${median(visits.map((v) => v.visible)).toFixed(0)} ms\n  ${last.scripts.join(' ')}`,
      );
      figures.push(
        {
          name: `${pathname}: JavaScript, gzip -9`,
          unit: 'KB',
          value: kb(median(gzip)),
          better: 'lower',
        },
        {
          name: `${pathname}: JavaScript transferred`,
          unit: 'KB',
          value: kb(median(visits.map((v) => v.scriptBytes))),
          better: 'lower',
        },
        {
          name: `${pathname}: all bytes transferred`,
          unit: 'KB',
          value: kb(median(visits.map((v) => v.allBytes))),
          better: 'lower',
        },
        {
          name: `${pathname}: results visible`,
          unit: 'ms',
          value: median(visits.map((v) => v.visible)),
          better: 'lower',
        },
      );
    }
    if (figures.length === 0) throw new Error('no page was measured');
    reportFigures(figures);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
