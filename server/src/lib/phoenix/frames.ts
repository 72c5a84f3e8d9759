import { nestsDeeperThan } from '../json-depth.ts';
import { keyValue, scalar, topLevelMembers } from './json-depth.ts';

/**
 * Phoenix channel frames as realtime-js speaks them, after Phoenix's V1/V2 JSON serializers and
 * supabase/realtime's `RealtimeWeb.Socket.V2Serializer` (binary broadcast frames).
 */

export type Vsn = '1.0.0' | '2.0.0';
/** Refs are echoed exactly as the client sent them (realtime-js sends strings). */
export type Ref = string | number | null;

export interface PhoenixMessage<P = unknown> {
  joinRef: Ref;
  ref: Ref;
  topic: string;
  event: string;
  payload: P;
  /** The payload nested too deep to be read: only the envelope was decoded (json-depth.ts). */
  tooDeep?: boolean;
}

/** A frame the server cannot read; the connection answers it by closing (as Phoenix does). */
export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

/** Phoenix defaults to 1.0.0 when `vsn` is absent and refuses majors it has no serializer for. */
export function parseVsn(value: string | null | undefined): Vsn | undefined {
  if (value === null || value === undefined || value === '') return '1.0.0';
  const major = /^(\d+)\.\d+\.\d+$/.exec(value)?.[1];
  if (major === '1') return '1.0.0';
  if (major === '2') return '2.0.0';
  return undefined;
}

function asRef(value: unknown, what: string): Ref {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new FrameError(`${what} must be a string or null`);
}

function checked(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): PhoenixMessage {
  if (typeof topic !== 'string') throw new FrameError('topic must be a string');
  if (typeof event !== 'string') throw new FrameError('event must be a string');
  return { joinRef: asRef(joinRef, 'join_ref'), ref: asRef(ref, 'ref'), topic, event, payload };
}

/** The envelope of a frame nested deeper than the limit, read without parsing the payload. */
function envelopeOnly(vsn: Vsn, text: string): PhoenixMessage {
  const members = topLevelMembers(text);
  if (!members) throw new FrameError('frame is not JSON');
  let message: PhoenixMessage;
  if (vsn === '2.0.0') {
    if (text.trimStart().startsWith('{') || members.length < 5) {
      throw new FrameError('expected V2 array');
    }
    const [joinRef, ref, topic, event] = members.slice(0, 4).map(scalar);
    message = checked(joinRef, ref, topic, event, undefined);
  } else {
    if (!text.trimStart().startsWith('{')) throw new FrameError('expected V1 object');
    const fields = new Map(
      members.flatMap((member) => {
        const pair = keyValue(member);
        return pair ? [[pair[0], scalar(pair[1])] as const] : [];
      }),
    );
    const get = (key: string) => fields.get(key);
    message = checked(get('join_ref'), get('ref'), get('topic'), get('event'), undefined);
  }
  return { ...message, tooDeep: true };
}

/**
 * V1 frames are objects `{topic, event, payload, ref, join_ref}`; V2 frames are arrays. A frame
 * nesting deeper than `maxDepth` is not parsed: its envelope comes back with `tooDeep`.
 */
export function decodeText(vsn: Vsn, text: string, maxDepth = Infinity): PhoenixMessage {
  if (nestsDeeperThan(text, maxDepth)) return envelopeOnly(vsn, text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length < 5) throw new FrameError('expected V2 array');
    const [joinRef, ref, topic, event, payload] = value as unknown[];
    return checked(joinRef, ref, topic, event, payload);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new FrameError('expected V1 object');
  }
  const { join_ref, ref, topic, event, payload } = value as Record<string, unknown>;
  return checked(join_ref, ref, topic, event, payload);
}

/** Phoenix's V1 serializer sends only topic, event, payload and ref (no join_ref). */
export function encodeText(vsn: Vsn, message: PhoenixMessage): string {
  const { joinRef, ref, topic, event, payload } = message;
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ topic, event, payload, ref });
}

const KIND = { push: 0, userBroadcastPush: 3, userBroadcast: 4 } as const;

/** A broadcast that realtime-js ≥ 2.75 sends as a binary frame (kind 3, "user broadcast push"). */
export interface UserBroadcast {
  joinRef: string;
  ref: string;
  topic: string;
  userEvent: string;
  encoding: 'json' | 'binary';
  metadata: Record<string, unknown>;
  payload: Uint8Array;
}

export type BinaryFrame =
  | { kind: 'push'; message: PhoenixMessage<Uint8Array> }
  | { kind: 'userBroadcastPush'; broadcast: UserBroadcast };

class Reader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.offset >= this.bytes.length) throw new FrameError('binary frame is truncated');
    return this.bytes[this.offset++]!;
  }
  text(length: number): string {
    if (this.offset + length > this.bytes.length) throw new FrameError('binary frame is truncated');
    const slice = this.bytes.subarray(this.offset, (this.offset += length));
    return Buffer.from(slice).toString('utf8');
  }
  rest(): Uint8Array {
    return this.bytes.subarray(this.offset);
  }
}

/** Decodes the client-to-server binary kinds of realtime's V2 serializer (0 and 3). */
export function decodeBinary(bytes: Uint8Array): BinaryFrame {
  const reader = new Reader(bytes);
  const kind = reader.byte();
  if (kind === KIND.push) {
    const [joinRefSize, topicSize, eventSize] = [reader.byte(), reader.byte(), reader.byte()];
    const joinRef = reader.text(joinRefSize);
    const topic = reader.text(topicSize);
    const event = reader.text(eventSize);
    return { kind: 'push', message: { joinRef, ref: null, topic, event, payload: reader.rest() } };
  }
  if (kind !== KIND.userBroadcastPush) throw new FrameError(`unknown binary frame kind ${kind}`);
  const sizes = Array.from({ length: 5 }, () => reader.byte());
  const encoding = reader.byte() === 0 ? 'binary' : 'json';
  const [joinRef, ref, topic, userEvent, rawMetadata] = sizes.map((size) => reader.text(size)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  let metadata: Record<string, unknown> = {};
  if (rawMetadata !== '') {
    try {
      metadata = JSON.parse(rawMetadata) as Record<string, unknown>;
    } catch {
      throw new FrameError('broadcast metadata is not JSON');
    }
  }
  return {
    kind: 'userBroadcastPush',
    broadcast: { joinRef, ref, topic, userEvent, encoding, metadata, payload: reader.rest() },
  };
}

function sized(value: string, what: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) throw new FrameError(`${what} exceeds 255 bytes`);
  return bytes;
}

/** The server-to-client broadcast frame (kind 4) realtime-js decodes for V2 sockets. */
export function encodeUserBroadcast(
  broadcast: Pick<UserBroadcast, 'topic' | 'userEvent' | 'encoding' | 'payload'> & {
    metadata?: Record<string, unknown>;
  },
): Buffer {
  const topic = sized(broadcast.topic, 'topic');
  const userEvent = sized(broadcast.userEvent, 'user event');
  const hasMetadata = broadcast.metadata && Object.keys(broadcast.metadata).length > 0;
  const metadata = sized(hasMetadata ? JSON.stringify(broadcast.metadata) : '', 'metadata');
  const header = Buffer.from([
    KIND.userBroadcast,
    topic.length,
    userEvent.length,
    metadata.length,
    broadcast.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([header, topic, userEvent, metadata, broadcast.payload]);
}
