import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tests/utils/wait-for.ts';
import { startBeaconCaller, type BeaconCaller } from './beacon-caller.ts';

/** A stand-in API answering each call with the next of `answers` (the last one repeats). */
async function api(answers: Array<{ status: number; headers?: Record<string, string> }>) {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    calls.push(`${request.method} ${request.url} ${request.headers.authorization}`);
    const { status, headers = {} } = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    response.writeHead(status, headers).end(JSON.stringify({ status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, calls };
}

let caller: BeaconCaller | undefined;
let server: Server | undefined;
afterEach(async () => {
  await caller?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

/** A caller every 20 ms against a stand-in API answering `answers`; what it calls and logs. */
async function callerAgainst(answers: Parameters<typeof api>[0]) {
  const stub = await api(answers);
  server = stub.server;
  const logged: string[] = [];
  caller = startBeaconCaller({
    apiUrl: stub.url,
    serviceRoleKey: 'service-key',
    periodMs: 20,
    log: (line) => logged.push(line),
  });
  return { calls: stub.calls, logged };
}

describe('the beacon caller', () => {
  it('POSTs draw-beacon with the service role key every period', async () => {
    const { calls, logged } = await callerAgainst([{ status: 200 }]);
    await waitFor(() => calls.length >= 2);
    expect(calls[0]).toBe('POST /functions/v1/draw-beacon Bearer service-key');
    expect(logged).toEqual([]);
  });

  it('says nothing while the http worker is starting (503 with Retry-After), then calls on', async () => {
    const starting = { status: 503, headers: { 'Retry-After': '2' } };
    const { calls, logged } = await callerAgainst([starting, starting, { status: 200 }]);
    await waitFor(() => calls.length >= 4);
    expect(logged).toEqual([]);
  });

  it("logs the function's own failure once until a call succeeds again", async () => {
    const { calls, logged } = await callerAgainst([
      { status: 503 },
      { status: 500 },
      { status: 200 },
      { status: 500 },
    ]);
    await waitFor(() => calls.length >= 5);
    expect(logged).toEqual([
      'lotto24 beacon: draw-beacon failed: HTTP 503 {"status":503}',
      'lotto24 beacon: draw-beacon failed: HTTP 500 {"status":500}',
    ]);
  });
});
