// The page-load baseline: a minimal node:http server that answers from memory, run as its own
// process (`node --import tsx bench/lib/static-server.ts <port> <stack url>`) so it does not
// share an event loop with autocannon or the stack. It serves the very bytes the stack serves:
//   /          the stack's index.html (runtime config included)
//   /index.html.br   the same page as the stack sends it brotli-compressed, kept compressed
//   /main.js   the app's main script
//   /main.js.br   the same script as the stack sends it brotli-compressed, kept compressed
//   /static.html  a static page as large as index.html plus every asset it links, whose 24
//              result rows (the same markup as the app's list) come after the padding
// and prints one JSON line {"url", "mainScript", "pageBytes"} when listening.
import { createServer, get } from 'node:http';

const [portArg, stackUrl] = process.argv.slice(2);
if (!portArg || !stackUrl) throw new Error('usage: static-server.ts <port> <stack url>');

async function bytes(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The body exactly as sent for `Accept-Encoding: br` (fetch would decompress it). */
function brotliBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
      if (response.headers['content-encoding'] !== 'br')
        return reject(new Error(`${url} was not sent brotli-compressed`));
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

const index = await bytes(`${stackUrl}/`);
const linked = [...index.toString('utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
  (match) => match[1]!,
);
const mainScript = linked.find((href) => href.endsWith('.js') && href.includes('/index-'));
if (!mainScript) throw new Error('no main script linked from index.html');
const assets = await Promise.all(linked.map((href) => bytes(`${stackUrl}${href}`)));
const main = assets[linked.indexOf(mainScript)]!;
const mainBrotli = await brotliBytes(`${stackUrl}${mainScript}`);
const indexBrotli = await brotliBytes(`${stackUrl}/`);
const pageBytes = index.length + assets.reduce((sum, asset) => sum + asset.length, 0);

const ball = (digit: number) => `<span data-color="c${digit}">${digit}</span>`;
const rows = Array.from(
  { length: 24 },
  (_, hour) => `<li><span>${hour}:30</span>${[1, 2, 3, 4].map(ball).join('')}</li>`,
).join('');
const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>static</title>';
const tail = `</head><body><ul>${rows}</ul></body></html>`;
const padding = `<!-- ${'x'.repeat(Math.max(0, pageBytes - head.length - tail.length - 9))} -->`;
const staticPage = Buffer.from(head + padding + tail);

const routes: Record<string, [Buffer, string, string?]> = {
  '/': [index, 'text/html; charset=utf-8'],
  '/index.html.br': [indexBrotli, 'text/html; charset=utf-8', 'br'],
  '/main.js': [main, 'text/javascript; charset=utf-8'],
  '/main.js.br': [mainBrotli, 'text/javascript; charset=utf-8', 'br'],
  '/static.html': [staticPage, 'text/html; charset=utf-8'],
};

const server = createServer((request, response) => {
  const route = routes[request.url ?? ''];
  if (!route) return response.writeHead(404).end();
  const encoding = route[2] ? { 'Content-Encoding': route[2] } : {};
  response.writeHead(200, {
    'Content-Type': route[1],
    'Content-Length': route[0].length,
    ...encoding,
  });
  response.end(route[0]);
});
server.listen(Number(portArg), '127.0.0.1', () => {
  const url = `http://127.0.0.1:${portArg}`;
  console.log(JSON.stringify({ url, mainScript, pageBytes: staticPage.length }));
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
