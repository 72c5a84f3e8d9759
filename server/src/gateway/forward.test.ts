import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardTo, MAX_IN_FLIGHT } from './forward.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'forward-'));
const socketPath = path.join(dir, 'behind.sock');
let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  rmSync(socketPath, { force: true });
});

/** The worker behind: echoes what reached it, or holds requests until told. */
async function behind(hold?: Promise<void>): Promise<void> {
  const app = Fastify({ forceCloseConnections: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.all('/fn/*', async (request, reply) => {
    await hold;
    return reply
      .header('x-behind', 'yes')
      .header('connection', 'keep-alive')
      .send({
        method: request.method,
        url: request.url,
        headers: request.raw.rawHeaders,
        body: Buffer.isBuffer(request.body) ? request.body.toString('utf8') : null,
      });
  });
  apps.push(app);
  await app.listen({ path: socketPath });
}

async function front(): Promise<FastifyInstance> {
  const app = Fastify({ forceCloseConnections: true });
  await app.register(forwardTo, { prefix: '/fn', socketPath });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const urlOf = (app: FastifyInstance, rest: string) => {
  const address = app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}${rest}`;
};

describe('forwardTo (a group reached through another worker, ADR 032)', () => {
  it('forwards method, path, query, repeated headers and body; answers as the worker behind', async () => {
    await behind();
    const app = await front();
    // node:http, not fetch: fetch joins repeated headers into one line before sending.
    const address = app.server.address() as { port: number };
    const answer = await new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
    }>((resolve, reject) => {
      const request = http.request(
        {
          port: address.port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/fn/feed?x=1&x=2',
          // Chunked (a body of unknown length): it must arrive whole, framed again.
          headers: { 'transfer-encoding': 'chunked', 'x-twice': ['a', 'b'] },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
      request.write('hel');
      request.end('lo');
    });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers['x-behind']).toBe('yes');
    const seen = JSON.parse(answer.body) as {
      method: string;
      url: string;
      headers: string[];
      body: string;
    };
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/fn/feed?x=1&x=2');
    expect(seen.body).toBe('hello');
    const twice = seen.headers.filter((_, i) => i % 2 === 1 && seen.headers[i - 1] === 'x-twice');
    expect(twice).toEqual(['a', 'b']);
  });

  it('answers 503 in words while nothing listens behind, and forwards again once it does', async () => {
    const app = await front();
    const down = await fetch(urlOf(app, '/fn/feed'));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('1');
    expect(await down.json()).toMatchObject({ code: 'WORKER_UNAVAILABLE' });
    await behind();
    expect((await fetch(urlOf(app, '/fn/feed'))).status).toBe(200);
  });

  it(`refuses past ${MAX_IN_FLIGHT} requests in flight at once, and serves again after`, async () => {
    let release!: () => void;
    await behind(new Promise<void>((resolve) => (release = resolve)));
    const app = await front();
    const held = Array.from({ length: MAX_IN_FLIGHT }, () => fetch(urlOf(app, '/fn/held')));
    // The held ones reach the worker behind (64 sockets at once, the rest queued in the agent).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const over = await fetch(urlOf(app, '/fn/over'));
    expect(over.status).toBe(503);
    release();
    const answers = await Promise.all(held);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await fetch(urlOf(app, '/fn/after'))).status).toBe(200);
  });

  it('a client that leaves frees its place', async () => {
    await behind(new Promise<void>(() => undefined)); // never answers
    const app = await front();
    const leaving = Array.from({ length: MAX_IN_FLIGHT }, () => {
      const controller = new AbortController();
      const request = fetch(urlOf(app, '/fn/held'), { signal: controller.signal }).catch(
        () => null,
      );
      return { controller, request };
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const { controller } of leaving) controller.abort();
    await Promise.all(leaving.map(({ request }) => request));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Had the places not been freed, this would be refused at once.
    const next = await Promise.race([
      fetch(urlOf(app, '/fn/next')).then((answer) => answer.status),
      new Promise((resolve) => setTimeout(() => resolve('held by the worker behind'), 500)),
    ]);
    expect(next).toBe('held by the worker behind');
  });
});
