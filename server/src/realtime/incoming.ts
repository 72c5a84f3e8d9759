import type { RawData } from 'ws';
import {
  decodeBinary,
  decodeText,
  FrameError,
  type PhoenixMessage,
  type UserBroadcast,
  type Vsn,
} from '../lib/phoenix/frames.ts';
import { LIMITS } from './limits.ts';

/** The event a binary push (kind 0) is handled as: no handler takes it. */
export const BINARY_PUSH = '\u0000binary push';

/** A decoded frame waiting in its socket's queue, with the bytes it counts against the budgets. */
export type Incoming = (
  { kind: 'message'; message: PhoenixMessage } | { kind: 'userBroadcast'; broadcast: UserBroadcast }
) & { bytes: number };

export function rawBytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/** vsn 1.0.0 objects, 2.0.0 arrays and binary broadcasts; throws FrameError on anything else. */
export function decodeFrame(vsn: Vsn, bytes: Buffer, isBinary: boolean): Incoming {
  const size = bytes.length;
  if (!isBinary) {
    const message = decodeText(vsn, bytes.toString('utf8'), LIMITS.jsonDepth);
    return { kind: 'message', message, bytes: size };
  }
  if (vsn === '1.0.0') throw new FrameError('vsn 1.0.0 has no binary frames');
  const frame = decodeBinary(bytes);
  if (frame.kind === 'userBroadcastPush')
    return { kind: 'userBroadcast', broadcast: frame.broadcast, bytes: size };
  // Binary pushes (kind 0) carry raw bytes no handler here takes; realtime-js never sends them.
  return { kind: 'message', message: { ...frame.message, event: BINARY_PUSH }, bytes: size };
}
