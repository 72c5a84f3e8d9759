// HTTP-port attacks (issue 21), each a function of its scale: oversized headers, slowloris, a
// flood of new TCP connections, huge REST filters and selects, bad JSON bodies at rate.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { attackerAddress } from './harness.ts';
import { ask, pool, statuses, type Target } from './requests.ts';

export interface RateScale {
  /** Requests in flight at once. */
  concurrency: number;
  seconds: number;
}

/** Requests whose headers are `headerKiB` long (Node's own bound is 16 KiB). */
export async function oversizedHeaders(target: Target, scale: RateScale & { headerKiB: number }) {
  const big = 'a'.repeat(scale.headerKiB * 1024);
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        path: '/rest/v1/lottery_results?select=*',
        headers: { 'x-padding': big },
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/** A visitor on a fresh connection from an address of its own: answered while the port is under attack? */
export async function newVisitorRead(target: Target): Promise<number> {
  const answer = await ask(target, {
    path: '/rest/v1/lottery_results?select=*&limit=1',
    headers: { connection: 'close' },
    from: '127.0.0.2',
    timeoutMs: 10_000,
  });
  return answer.status;
}

/**
 * Connections that send a request's headers a byte at a time and never finish them, `connections`
 * at once from 20 addresses, held `seconds`.
 */
export async function slowloris(target: Target, scale: { connections: number; seconds: number }) {
  let closedByStack = 0;
  let refused = 0;
  const sockets: net.Socket[] = [];
  for (let i = 0; i < scale.connections; i++) {
    const socket = net.connect({
      host: target.host,
      port: target.port,
      localAddress: attackerAddress(i % 20),
    });
    socket.on('error', () => refused++);
    socket.on('close', () => closedByStack++);
    socket.write(`GET /rest/v1/lottery_results HTTP/1.1\r\nHost: ${target.host}\r\nx-slow: `);
    sockets.push(socket);
  }
  const drip = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write('a');
  }, 1000);
  await sleep((scale.seconds * 1000) / 2);
  const newVisitorStatus = await newVisitorRead(target);
  await sleep((scale.seconds * 1000) / 2);
  clearInterval(drip);
  const closed = closedByStack;
  for (const socket of sockets) socket.destroy();
  return { connections: scale.connections, closedByStack: closed, refused, newVisitorStatus };
}

/** New TCP connections opened and dropped as fast as `concurrency` loops can, from 50 addresses. */
export async function connectionFlood(target: Target, scale: RateScale) {
  let opened = 0;
  let failed = 0;
  await pool(
    scale.concurrency,
    (i) =>
      new Promise<void>((resolve) => {
        const socket = net.connect({
          host: target.host,
          port: target.port,
          localAddress: attackerAddress(i % 50),
        });
        socket.once('connect', () => {
          opened++;
          // Half say nothing and go; half start a request and go mid-way.
          if (i % 2) socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
          socket.destroy();
          resolve();
        });
        socket.once('error', () => {
          failed++;
          resolve();
        });
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { opened, failed, newVisitorStatus: await newVisitorRead(target) };
}

const longOr = `or=(${Array.from({ length: 600 }, (_, i) => `first_prize.eq.${String(i).padStart(4, '0')}`).join(',')})`;
const longSelect = `select=${Array.from({ length: 900 }, (_, i) => `c${i}:first_prize`).join(',')}`;

/** REST reads with ~13 KB of filters or of select list (what fits Node's 16 KiB header bound). */
export async function hugeFilters(target: Target, scale: RateScale) {
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        path: `/rest/v1/lottery_results?${i % 2 ? longOr : longSelect}`,
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/** Malformed JSON bodies (`kib` long, never closed) to REST and auth, as fast as they are answered. */
export async function badJson(target: Target, scale: RateScale & { kib: number }) {
  const body = `{"first_prize":"${'9'.repeat(scale.kib * 1024)}`;
  const paths = [
    '/rest/v1/lottery_results',
    '/auth/v1/token?grant_type=password',
    '/rest/v1/rpc/check_number',
  ];
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        method: 'POST',
        path: paths[i % paths.length]!,
        headers: { 'content-type': 'application/json' },
        body,
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/**
 * A page of its own per request, asking for brotli: Check with a new number each time
 * (`/check?n=0000`, `0001`, …; the number is in its title and canonical). Each is a page to build
 * and, within 50 a second, to compress whole; past that it goes as gzip from its pieces
 * (server/src/static/page-bytes.ts).
 */
export async function distinctPages(target: Target, scale: RateScale) {
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        path: `/check?n=${String(i % 10_000).padStart(4, '0')}`,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/**
 * Today's page at addresses made up per request (`/?n=1`, `/?n=2`, …), asking for brotli as a
 * browser does. They are one page, compressed once and shared (server/src/static/page-bytes.ts);
 * before pages were known by their canonical address, each was a page to compress anew.
 */
export async function madeUpPageAddresses(target: Target, scale: RateScale) {
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        path: `/?n=${i}`,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}
