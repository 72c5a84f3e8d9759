// The honest visitor of whileVisitorReads (visitor-probe.ts), on a thread of its own: its
// baseline reads, a message to say they are done, then reads one after another until told to
// stop (at least five), then every timing back in one message.
import { parentPort, workerData } from 'node:worker_threads';
import { readToday, type ProbeTarget } from './read-today.ts';

const { target, baselineReads } = workerData as { target: ProbeTarget; baselineReads: number };
const port = parentPort!;
let attacking = true;
port.once('message', () => (attacking = false));

const baseline: number[] = [];
for (let i = 0; i < baselineReads; i++) baseline.push((await readToday(target)).ms);
port.postMessage('baselined');

const during: number[] = [];
const failures: string[] = [];
// At least a few reads even when the attack is over at once.
while (attacking || during.length < 5) {
  const read = await readToday(target);
  during.push(read.ms);
  if (read.failure) failures.push(read.failure);
}
port.postMessage({ baseline, during, failures });
