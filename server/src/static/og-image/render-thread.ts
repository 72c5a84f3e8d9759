import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DrawImageContent } from './draw-image.ts';

export interface RenderThreadOptions {
  /** Images asked and not yet drawn; one more is refused at once (`undefined`). */
  maxQueue?: number;
  /** A job unanswered this long ends its thread (and the jobs behind it); the next spawns one. */
  timeoutMs?: number;
}

interface Waiting {
  resolve: (png: Buffer | undefined) => void;
  timer: NodeJS.Timeout;
}

// The worker's program is TypeScript. A loader given in `execArgv` does not reach a worker's
// entry module on Node 20 (ERR_UNKNOWN_FILE_EXTENSION), so a plain bootstrap registers tsx's
// loader in the thread first and then imports it; the same under `npm start` and a test runner.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then(({ register }) => {
  register();
  return import(workerData.entry);
});
`;

function bootstrapData() {
  // `require.resolve` finds the API's CommonJS build; its `register` resolves tsx's loader
  // wrongly from a worker, the ESM build beside it (the package's `import` export) does not.
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  return {
    tsxApi: pathToFileURL(tsxApi).href,
    entry: new URL('./render-worker.ts', import.meta.url).href,
  };
}

/**
 * Draws preview images on one worker thread, so a 10-20 ms render never holds the http
 * worker's event loop (ADR 017; bcrypt is moved off it the same way, ADR 019). One thread: the
 * renders per second are capped anyway (draw-images.ts), and a second core is the database's.
 * A failed or crashed render answers `undefined`: the caller serves the generic image.
 */
export function renderThread({ maxQueue = 8, timeoutMs = 10_000 }: RenderThreadOptions = {}) {
  let worker: Worker | undefined;
  const waiting = new Map<number, Waiting>();
  let nextId = 0;

  const answer = (id: number, png: Buffer | undefined) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    clearTimeout(entry.timer);
    entry.resolve(png);
  };

  // Only the current thread's end fails the waiting jobs: an old one's late `exit` must not.
  const ended = (thread: Worker) => () => {
    if (worker !== thread) return;
    worker = undefined;
    for (const id of [...waiting.keys()]) answer(id, undefined);
  };

  const spawn = () => {
    const thread = new Worker(BOOTSTRAP, { eval: true, workerData: bootstrapData() });
    thread.on('message', ({ id, png }: { id: number; png?: Uint8Array }) => {
      answer(id, png ? Buffer.from(png.buffer, png.byteOffset, png.byteLength) : undefined);
      // An idle thread never keeps a process (a test run, a CLI) alive.
      if (waiting.size === 0) thread.unref();
    });
    thread.on('error', ended(thread));
    thread.on('exit', ended(thread));
    return thread;
  };

  return {
    render(content: DrawImageContent): Promise<Buffer | undefined> {
      if (waiting.size >= maxQueue) return Promise.resolve(undefined);
      const thread = (worker ??= spawn());
      thread.ref();
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          ended(thread)();
          void thread.terminate();
        }, timeoutMs);
        waiting.set(id, { resolve, timer });
        thread.postMessage({ id, content });
      });
    },
    async close(): Promise<void> {
      const thread = worker;
      if (thread) ended(thread)();
      await thread?.terminate();
    },
  };
}
