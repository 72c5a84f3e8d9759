import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { resolveConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-app-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('createApp', () => {
  const config = resolveConfig(
    { dataDir },
    { JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters' },
  );

  it('serves routes without Fastify schema compilers', async () => {
    const app = createApp(config);
    app.post('/echo', async (request) => ({ got: request.body }));
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(response.json()).toEqual({ got: { a: 1 } });
    await app.close();
  });

  it('refuses a route schema at start, naming where compilers are left out', async () => {
    const app = createApp(config);
    app.post('/typed', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/server\/src\/app\.ts/);
    await app.close().catch(() => undefined);
  });
});
