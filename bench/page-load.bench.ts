/**
 * Page loads of `/` from the local stack (built dist/, demo data, the lottery on a timezone where
 * today has published draws), each beside a minimal static server answering the same bytes from
 * memory (bench/lib/static-server.ts, its own process):
 *   HTTP     autocannon, 10 connections, on index.html and on the main script (no compression
 *            asked, so both send identical bytes), and on both asking for brotli as browsers do
 *            (the baseline sends the stack's compressed bytes, kept in memory); and on a Check
 *            page of its own per request (`/check?n=0000`, `0001`, …) against the same baseline
 *   browser  cold navigations in Chromium (a new context each): the app's first result row
 *            painted, against a static page as large as index.html plus its assets whose result
 *            rows come last; and both pages' load event
 *
 *   npx tsx bench/page-load.bench.ts [--seconds=3] [--loads=5] [--port=9191]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { coldLoad, launchChromium, type LoadTiming } from './lib/browser-timing.ts';
import { ensureBuild } from '../tests/utils/ensure-build.ts';
import { reportFigures, type Figure } from './lib/figures.ts';
import { chooseLotteryZone, countOption, percentile } from './lib/lottery-day.ts';
import { repoRoot } from '../server/src/config.ts';
import { startStackProcess } from '../tests/utils/stack-process.ts';

const SECONDS = countOption('seconds', 'BENCH_SECONDS', 3);
const LOADS = countOption('loads', 'BENCH_LOADS', 5);
const PORT = countOption('port', 'BENCH_PORT', 9191);
const CONNECTIONS = 10;
const BROWSER_ASKS = 'gzip, deflate, br';

interface Baseline {
  url: string;
  mainScript: string;
  pageBytes: number;
}

function startBaseline(stackUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/static-server.ts', String(PORT + 1), stackUrl],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<Baseline>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => resolve(JSON.parse(text)));
    child.once('exit', (code) => reject(new Error(`the static server exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { ready, stop };
}

/** `pathOf` gives each request an address of its own (autocannon's `setupRequest`). */
async function hammer(
  url: string,
  headers: Record<string, string> = {},
  pathOf?: (i: number) => string,
) {
  let asked = 0;
  const requests = pathOf && [
    { setupRequest: (request: object) => ({ ...request, path: pathOf(asked++) }) },
  ];
  const options = { url, headers, connections: CONNECTIONS, requests };
  await autocannon({ ...options, duration: 1 }); // warm-up
  const result = await autocannon({ ...options, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  // autocannon's percentiles are whole milliseconds; its mean keeps the fraction.
  return { rps: result.requests.average, mean: result.latency.average, p99: result.latency.p99 };
}

type Hammered = Awaited<ReturnType<typeof hammer>>;

/** Latencies of index.html are below autocannon's 1 ms resolution: only its throughput counts. */
function httpFigures(label: string, app: Hammered, raw: Hammered, latencies: boolean): Figure[] {
  const baseline = (value: number) => ({ name: 'static server', value });
  const figures: Figure[] = [
    {
      name: `${label}: throughput`,
      unit: 'req/s',
      value: app.rps,
      better: 'higher',
      baseline: baseline(raw.rps),
    },
  ];
  if (!latencies) return figures;
  return [
    ...figures,
    {
      name: `${label}: mean latency`,
      unit: 'ms',
      value: app.mean,
      better: 'lower',
      baseline: baseline(raw.mean),
    },
    {
      name: `${label}: p99 latency`,
      unit: 'ms',
      value: app.p99,
      better: 'lower',
      baseline: baseline(raw.p99),
    },
  ];
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main(): Promise<void> {
  ensureBuild();
  const zone = chooseLotteryZone();
  const stack = await startStackProcess({
    port: PORT,
    env: { LOTTERY_TIMEZONE: zone },
    echo: true,
  });
  const baseline = startBaseline(stack.url);
  const browser = await launchChromium().catch(async (error: unknown) => {
    await Promise.all([baseline.stop(), stack.stop()]);
    throw error;
  });
  try {
    const base = await baseline.ready;
    const figures: Figure[] = [];
    const http = async (
      label: string,
      appPath: string,
      basePath: string,
      accept?: string,
      pathOf?: (i: number) => string,
    ) => {
      const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
      const app = await hammer(`${stack.url}${appPath}`, headers, pathOf);
      const raw = await hammer(`${base.url}${basePath}`, headers);
      figures.push(...httpFigures(label, app, raw, appPath.endsWith('.js')));
      console.log(
        `${label}: stack ${app.rps.toFixed(0)} req/s mean ${app.mean.toFixed(2)} ms p99 ${app.p99} ms; static ${raw.rps.toFixed(0)} req/s mean ${raw.mean.toFixed(2)} ms p99 ${raw.p99} ms`,
      );
    };
    await http('GET / (index.html)', '/', '/');
    // As browsers ask: the stack compresses each page once (page-bytes.ts); the baseline sends
    // the stack's compressed page, kept in memory.
    await http('GET /, brotli', '/', '/index.html.br', 'br');
    // A page of its own per request, as a browser asks (a stranger's thousands of Check
    // numbers): past 50 whole compressions a second each goes as gzip from its pieces.
    const checkNumber = (i: number) => `/check?n=${String(i % 10_000).padStart(4, '0')}`;
    await http(
      'GET a Check page of its own per request',
      '/check',
      '/index.html.br',
      BROWSER_ASKS,
      checkNumber,
    );
    await http(`GET main script`, base.mainScript, '/main.js');
    // As browsers ask: both send the build's brotli bytes, kept in memory.
    await http(`GET main script, brotli`, base.mainScript, '/main.js.br', 'br');

    const app: LoadTiming[] = [];
    const page: LoadTiming[] = [];
    await coldLoad(browser, `${stack.url}/`); // Chromium's own first-use costs, not the app's
    for (let i = 0; i < LOADS; i++) {
      app.push(await coldLoad(browser, `${stack.url}/`));
      page.push(await coldLoad(browser, `${base.url}/static.html`));
    }
    const ms = (values: LoadTiming[], key: keyof LoadTiming) => median(values.map((t) => t[key]));
    console.log(
      `${LOADS} cold loads each (medians, lottery on ${zone}): app results visible ${ms(app, 'visible').toFixed(0)} ms, load ${ms(app, 'load').toFixed(0)} ms; static page (${base.pageBytes} bytes) rows visible ${ms(page, 'visible').toFixed(0)} ms, load ${ms(page, 'load').toFixed(0)} ms`,
    );
    figures.push(
      {
        name: 'browser, cold: results visible',
        unit: 'ms',
        value: ms(app, 'visible'),
        better: 'lower',
        baseline: {
          name: 'static page, rows visible',
          value: ms(page, 'visible'),
        },
      },
      {
        name: 'browser, cold: load event',
        unit: 'ms',
        value: ms(app, 'load'),
        better: 'lower',
        baseline: { name: 'static page, load event', value: ms(page, 'load') },
      },
    );
    reportFigures(figures);
  } finally {
    await browser.close();
    await baseline.stop();
    await stack.stop();
  }
}

await main();
