// A CPU hog for running the tests under load (README, "The suite under load"): N worker threads
// spin until SIGINT or SIGTERM. `node scripts/cpu-hog.mjs [threads]`, default 2 (CI's cores).
import { Worker } from 'node:worker_threads';

const threads = Number(process.argv[2] ?? 2);
if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
  throw new Error(`cpu-hog: threads must be an integer from 1 to 64, not ${process.argv[2]}`);
}
const spin = 'for (;;) {}';
const workers = Array.from({ length: threads }, () => new Worker(spin, { eval: true }));
const stop = () => {
  for (const worker of workers) void worker.terminate();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`cpu-hog: ${threads} threads spinning (pid ${process.pid}); Ctrl+C stops them`);
