import type { FastifyInstance, FastifyReply } from 'fastify';
import { chainInfoBody } from '../../../src/shared/beacon/chains.ts';
import { roundAt, roundTime } from '../../../src/shared/beacon/rounds.ts';
import type { StackContext } from '../context.ts';
import { loadLocalBeacon, type LocalBeacon } from './local-chain.ts';
import { createSigner } from './signer.ts';

/**
 * The local beacon over drand's v1 HTTP API (ADR 023), as drand/http-relay's `routes.go` and
 * `routes_handler.go` serve it: `/info`, `/public/latest`, `/public/{round}`, and the same under
 * `/{chain-hash}/`. A round is signed only once its time has come: the next round waits for its
 * moment (at most one period), a later one answers 425 "Requested future beacon", as the relay
 * does. Public, like drand's relays: no API key, `Access-Control-Allow-Origin: *`. Signing
 * rounds not yet cached has a budget per process (signer.ts); past it, 429 with Retry-After.
 */
export async function beaconRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  await localBeaconPlugin(app, { beacon: loadLocalBeacon(ctx.config.dataDir) });
}

export interface LocalBeaconOptions {
  beacon: LocalBeacon;
  /** Unix seconds; tests move it. */
  now?: () => number;
  /** Waits for the next round's moment; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
}

const HASH = /^[0-9a-fA-F]{64}$/;
/** drand rounds are uint64; 20 digits bound the parse of a stranger's path. */
const ROUND = /^\d{1,20}$/;
const IMMUTABLE = 'public, max-age=604800, immutable';
const NO_CACHE = 'must-revalidate, no-cache, max-age=0';

export async function localBeaconPlugin(app: FastifyInstance, options: LocalBeaconOptions) {
  const { chain, secretKey } = options.beacon;
  const now = options.now ?? (() => Date.now() / 1000);
  const sleep = options.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  const sign = createSigner(secretKey, now);
  const info = chainInfoBody(chain);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });

  // The relay answers errors with Go's http.Error: plain text and a newline.
  const fail = (reply: FastifyReply, status: number, message: string, cache = NO_CACHE) =>
    reply
      .code(status)
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff')
      .type('text/plain; charset=utf-8')
      .send(`${message}\n`);

  const knownChain = (hash: string | undefined, reply: FastifyReply) => {
    if (hash === undefined || hash.toLowerCase() === chain.hash) return true;
    void fail(
      reply,
      HASH.test(hash) ? 400 : 404,
      HASH.test(hash) ? 'unknown chain hash' : '404 page not found',
    );
    return false;
  };

  const serveRound = async (requested: number, reply: FastifyReply) => {
    const current = roundAt(chain, now());
    const round = requested === 0 ? current : requested;
    if (round < 1) return fail(reply, 425, 'Requested future beacon');
    if (round > current + 1) return fail(reply, 425, 'Requested future beacon');
    if (round === current + 1) await sleep(Math.max(0, (roundTime(chain, round) - now()) * 1000));
    // Checked again after the wait: a round is never signed before its moment.
    if (roundTime(chain, round) > now()) return fail(reply, 425, 'Requested future beacon');
    const cache =
      requested === 0
        ? `public, must-revalidate, max-age=${Math.max(0, Math.floor(roundTime(chain, round + 1) - now()))}`
        : IMMUTABLE;
    const beacon = sign(round);
    if (!beacon) {
      reply.header('retry-after', '1');
      return fail(reply, 429, 'Too many rounds signed: try again in a second');
    }
    return reply.header('cache-control', cache).type('application/json').send(beacon);
  };

  const routes = (prefix: string) => {
    app.get(`${prefix}/info`, async (request, reply) => {
      const { hash } = request.params as { hash?: string };
      if (!knownChain(hash, reply)) return reply;
      return reply.type('application/json').send(info);
    });
    app.get(`${prefix}/public/latest`, async (request, reply) => {
      const { hash } = request.params as { hash?: string };
      if (!knownChain(hash, reply)) return reply;
      return serveRound(0, reply);
    });
    app.get(`${prefix}/public/:round`, async (request, reply) => {
      const { hash, round } = request.params as { hash?: string; round: string };
      if (!knownChain(hash, reply)) return reply;
      if (!ROUND.test(round)) return fail(reply, 404, '404 page not found');
      const value = Number(round);
      return Number.isSafeInteger(value)
        ? serveRound(value, reply)
        : fail(reply, 425, 'Requested future beacon');
    });
  };
  routes('');
  routes('/:hash');
}
