// The supervisor's one port (ADR 017): it reads each new connection's head within 16 KiB and
// 5 s, routes it by path, and is out of the way afterwards: bodies split across packets,
// pipelined requests and a websocket asked for on a kept-alive connection all still work.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';
import { allow } from '../utils/load-factor.ts';

let stack: StackProcess;
let port: number;

beforeAll(async () => {
  stack = await startStackProcess({ port: 0, env: { SEED_DEMO: 'false' } });
  port = Number(new URL(stack.url).port);
}, allow(180_000));

afterAll(async () => {
  await stack?.stop();
}, allow(60_000));

/** A raw connection: write parts with pauses between them, collect what comes back. */
async function converse(
  parts: Array<string | Buffer>,
  options: { gapMs?: number; until?: (text: string) => boolean; timeoutMs?: number } = {},
): Promise<{ text: string; closed: boolean; ms: number }> {
  const started = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let text = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (const part of parts) {
    if (socket.destroyed) break;
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, options.gapMs ?? 150));
  }
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!closed && Date.now() < deadline && !(options.until?.(text) ?? false)) {
    closed = await Promise.race([
      ended.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
    ]);
  }
  socket.destroy();
  return { text, closed, ms: Date.now() - started };
}

const key = () => stack.anonKey;

describe('the supervisor reads heads with bounds and hands connections over', () => {
  it('closes a slowloris that never finishes its head with 408, within seconds', async () => {
    const dribble = [
      'GET / HTTP/1.1\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-${i}: y\r\n`),
    ];
    const { text, closed, ms } = await converse(dribble, { gapMs: 200, timeoutMs: 12_000 });
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(10_000);
  });

  it('answers 64 KiB of headers with 431 and closes', async () => {
    const huge = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
    const { text, closed } = await converse([huge]);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(closed).toBe(true);
  });

  it('answers what is not HTTP/1.1 with 400', async () => {
    const { text } = await converse(['HELLO THERE\r\n\r\n']);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('passes a body split across packets, and pipelined requests, to the worker whole', async () => {
    const body = JSON.stringify({ n: '1234' });
    const head =
      `POST /rest/v1/rpc/check_number HTTP/1.1\r\nHost: x\r\napikey: ${key()}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const split = await converse([head + body.slice(0, 4), body.slice(4, 9), body.slice(9)], {
      until: (text) => /\r\n0\r\n\r\n$|\]\s*$/.test(text),
    });
    expect(split.text).toMatch(/^HTTP\/1\.1 200 /);

    const get = `GET /auth/v1/health HTTP/1.1\r\nHost: x\r\napikey: ${key()}\r\n\r\n`;
    const twice = await converse([get + get], {
      until: (text) => text.split('HTTP/1.1 200').length === 3,
    });
    expect(twice.text.split('HTTP/1.1 200').length).toBe(3);
  });

  it('hands a websocket asked for on a kept-alive HTTP connection to realtime', async () => {
    const get = `GET /auth/v1/health HTTP/1.1\r\nHost: x\r\napikey: ${key()}\r\n\r\n`;
    const upgrade =
      `GET /realtime/v1/websocket?apikey=${key()}&vsn=1.0.0 HTTP/1.1\r\nHost: x\r\n` +
      'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
    const { text } = await converse([get, upgrade], {
      gapMs: 500,
      until: (seen) => seen.includes('101 Switching Protocols'),
    });
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toContain('HTTP/1.1 101 Switching Protocols');
  });

  it('sends a plain realtime request on an http connection to a new connection (307)', async () => {
    const get = `GET /auth/v1/health HTTP/1.1\r\nHost: x\r\napikey: ${key()}\r\n\r\n`;
    const other = 'GET /realtime/v1/api/ping HTTP/1.1\r\nHost: x\r\n\r\n';
    const { text, closed } = await converse([get, other]);
    expect(text).toMatch(/HTTP\/1\.1 307 [^]*location: \/realtime\/v1\/api\/ping/i);
    expect(closed).toBe(true);
  });
  it('answers every one of 16 concurrent bodies larger than the first packet', async () => {
    // Regression: the supervisor's stream read again a tick after the head (maybeReadMore), so
    // bytes past the first 64 KiB stayed in its buffer and were lost with the handed-over handle.
    const body = JSON.stringify({ first_prize: '9'.repeat(200 * 1024) });
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        fetch(`${stack.url}/rest/v1/rpc/check_number`, {
          method: 'POST',
          headers: { apikey: key(), 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(15_000),
        }).then((response) => response.status),
      ),
    );
    expect(answers.every((status) => status >= 400 && status < 500)).toBe(true);
  });
});
