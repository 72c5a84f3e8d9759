import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nestsDeeperThan } from '../lib/json-depth.ts';
import { EVENTS } from '../lib/phoenix/messages.ts';
import { AuthorizationBusy, budgeted, canWrite } from './authorization.ts';
import type { BroadcastHub } from './broadcast.ts';
import type { Budget } from './budget.ts';
import { QueueFull } from './fair-queue.ts';
import { LIMITS, RateWindow } from './limits.ts';
import { checkToken } from './token.ts';
import { identityOf, type Identity } from './visibility.ts';

export interface HttpBroadcastServices {
  jwtSecret: string;
  pool: Parameters<typeof canWrite>[0];
  hub: BroadcastHub;
  budget: Budget;
  /** The caller's address, for its rate (the gateway's rule, as for sockets). */
  addressOf(request: FastifyRequest): string;
}

/** One broadcast, from either endpoint. */
interface Message {
  topic: string;
  event: string;
  private: boolean;
  payload: { json: unknown } | { binary: Buffer };
}

type Json = Record<string, unknown>;
const MEDIA_ERROR = 'Unsupported Media Type. Use application/json or application/octet-stream';
/** Addresses whose rate is remembered; past this the windows start over (they last a second). */
const MAX_RATES = 10_000;

/** AuthTenant: the bearer token, else the apikey; 401 `{message: "Unauthorized"}` otherwise. */
async function callerOf(request: FastifyRequest, secret: string): Promise<Identity | undefined> {
  const bearer = /^bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const apikey = request.headers.apikey;
  const token = bearer ?? (typeof apikey === 'string' ? apikey : undefined);
  if (!token) return undefined;
  const check = await checkToken(token, secret);
  return check.ok ? identityOf(check.claims) : undefined;
}

/** What the body says, by its media type: a parsed JSON value, raw bytes, or a refusal. */
function bodyOf(request: FastifyRequest): { json: unknown } | { binary: Buffer } | string {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const type = (request.headers['content-type'] ?? 'application/json').split(';')[0]!.trim();
  if (type.toLowerCase() === 'application/octet-stream') return { binary: body };
  if (type.toLowerCase() !== 'application/json') return MEDIA_ERROR;
  const text = body.toString('utf8');
  // Relaying re-encodes the payload, which walks it recursively: as deep as a frame may nest.
  if (nestsDeeperThan(text, LIMITS.jsonDepth)) return 'Payload nesting is too deep';
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return 'Invalid JSON';
  }
}

/**
 * `<topic>/events/<event>` from the raw path, as realtime-js encodes them (encodeURIComponent):
 * the router's decoded wildcard would split a topic holding an encoded `/`.
 */
function singlePath(url: string): [string, string] | undefined {
  const match = /\/api\/broadcast\/([^/?]+)\/events\/([^/?]+)(?:\?|$)/.exec(url);
  if (!match) return undefined;
  try {
    return [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
  } catch {
    return undefined;
  }
}

const tooLong = (value: string, limit: number) => Buffer.byteLength(value) > limit;

/**
 * Realtime's REST broadcast (ADR 018): `POST /api/broadcast` (RealtimeWeb.BroadcastController, a
 * batch of `{topic, event, payload, private}`; realtime-js's `send()` falls back to it) and
 * `POST /api/broadcast/:topic/events/:event` (BroadcastSingleController, `channel.httpSend()`,
 * JSON or bytes). Public topics relay to every subscriber; private ones only when the caller's
 * token may write there by the policies on realtime.messages, checked as a socket's broadcast is.
 * Bodies are bounded as frames are; each address may send realtime's max_events_per_second.
 */
export function httpBroadcastRoutes(app: FastifyInstance, services: HttpBroadcastServices): void {
  const rates = new Map<string, RateWindow>();
  const rateOf = (address: string) => {
    if (rates.size >= MAX_RATES) rates.clear();
    let rate = rates.get(address);
    if (!rate) rates.set(address, (rate = new RateWindow(LIMITS.framesPerSecond)));
    return rate;
  };

  // A body over the bound (413) or unreadable: realtime-js shows `error` or `message`.
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    reply
      .code(error.statusCode ?? 500)
      .send({ message: error.statusCode === 413 ? 'Payload Too Large' : error.message }),
  );
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: LIMITS.frameBytes },
    (_request, body, done) => done(null, body),
  );

  /**
   * Sends what the caller may send: false when a private topic refused it, 'busy' when the
   * checks are over their rate or the queue is full (realtime: 429 "Connection pool exhausted").
   */
  const send = async (request: FastifyRequest, identity: Identity, message: Message) => {
    const topic = `realtime:${message.topic}`;
    if (message.private) {
      const owner = { address: services.addressOf(request), served: 0 };
      const check = () => canWrite(services.pool, identity, message.topic);
      const allowed = await budgeted(services.budget, owner, check).catch((error: unknown) => {
        if (error instanceof AuthorizationBusy || error instanceof QueueFull)
          return 'busy' as const;
        throw error;
      });
      if (allowed !== true) return allowed;
    }
    const origin = { topic, private: message.private };
    if ('json' in message.payload) {
      const payload = {
        type: EVENTS.broadcast,
        event: message.event,
        payload: message.payload.json,
      };
      services.hub.relayJson(origin, payload);
    } else {
      const bytes = message.payload.binary;
      services.hub.relayBinary(origin, {
        userEvent: message.event,
        encoding: 'binary',
        payload: bytes,
      });
    }
    return true;
  };

  const admit = async (request: FastifyRequest, reply: FastifyReply, count: number) => {
    const identity = await callerOf(request, services.jwtSecret);
    if (!identity) return void (await reply.code(401).send({ message: 'Unauthorized' }));
    if (!rateOf(services.addressOf(request)).take(count)) {
      return void (await reply.code(429).send({ message: 'You have exceeded your rate limit' }));
    }
    return identity;
  };

  // A wildcard, not `:topic`: Fastify's maxParamLength (100) would answer a longer topic 404.
  app.post<{ Querystring: { private?: string } }>('/api/broadcast/*', async (request, reply) => {
    const path = singlePath(request.raw.url ?? '');
    if (!path) return reply.code(404).send({ message: 'no Route matched with those values' });
    const [topic, event] = path;
    const payload = bodyOf(request);
    if (typeof payload === 'string') {
      const status = payload === MEDIA_ERROR ? 415 : 422;
      return reply.code(status).send(status === 415 ? { error: payload } : { message: payload });
    }
    if (tooLong(topic, LIMITS.topicBytes) || tooLong(event, LIMITS.eventBytes)) {
      return reply.code(422).send({ message: 'Topic or event name is too long' });
    }
    const identity = await admit(request, reply, 1);
    if (!identity) return reply;
    const isPrivate = request.query.private === 'true';
    const sent = await send(request, identity, { topic, event, private: isPrivate, payload });
    if (sent === 'busy') return reply.code(429).send({ message: 'Connection pool exhausted' });
    if (!sent) return reply.code(403).send({ message: 'Unauthorized' });
    return reply.code(202).send();
  });

  app.post('/api/broadcast', async (request, reply) => {
    const body = bodyOf(request);
    if (typeof body === 'string' || !('json' in body)) {
      return reply.code(415).send({ error: MEDIA_ERROR });
    }
    const messages = parseBatch(body.json);
    if (typeof messages === 'string')
      return reply.code(422).send({ errors: { messages: [messages] } });
    const identity = await admit(request, reply, messages.length);
    if (!identity) return reply;
    // realtime skips a private topic the caller may not write to, and still answers 202.
    for (const message of messages) await send(request, identity, message);
    return reply.code(202).send();
  });
}

/** BatchBroadcast's changeset: every message needs a topic, an event and a payload. */
function parseBatch(body: unknown): Message[] | string {
  const list = (body as Json | null)?.messages;
  if (!Array.isArray(list) || list.length === 0) return "can't be blank";
  if (list.length > LIMITS.framesPerSecond) {
    return 'Too many messages to broadcast, please reduce the batch size';
  }
  const messages: Message[] = [];
  for (const item of list as unknown[]) {
    const { topic, event, payload } = (item ?? {}) as Json;
    if (typeof topic !== 'string' || typeof event !== 'string' || payload === undefined) {
      return 'topic, event and payload are required';
    }
    if (tooLong(topic, LIMITS.topicBytes) || tooLong(event, LIMITS.eventBytes)) {
      return 'Topic or event name is too long';
    }
    messages.push({
      topic,
      event,
      private: (item as Json).private === true,
      payload: { json: payload },
    });
  }
  return messages;
}
