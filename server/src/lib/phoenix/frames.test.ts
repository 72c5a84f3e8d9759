import Serializer from '@supabase/realtime-js/dist/module/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import {
  decodeBinary,
  decodeText,
  encodeText,
  encodeUserBroadcast,
  FrameError,
  parseVsn,
} from './frames.ts';

// The installed realtime-js serializer is the other end of the wire: frames are checked against it.
const serializer = new Serializer();

function clientEncode(message: Record<string, unknown>): string | ArrayBuffer {
  let out: string | ArrayBuffer = '';
  serializer.encode(message as never, (result: string | ArrayBuffer) => (out = result));
  return out;
}

function clientDecode(raw: string | ArrayBuffer): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  serializer.decode(raw, (result: Record<string, unknown>) => (out = result));
  return out;
}

describe('parseVsn', () => {
  it('defaults to 1.0.0 like Phoenix and maps majors', () => {
    expect(parseVsn(undefined)).toBe('1.0.0');
    expect(parseVsn('1.0.0')).toBe('1.0.0');
    expect(parseVsn('2.0.0')).toBe('2.0.0');
    expect(parseVsn('3.0.0')).toBeUndefined();
    expect(parseVsn('two')).toBeUndefined();
  });
});

describe('text frames', () => {
  const join = {
    join_ref: '1',
    ref: '1',
    topic: 'realtime:room',
    event: 'phx_join',
    payload: { a: 1 },
  };

  it('decodes what realtime-js sends with vsn 2.0.0 (arrays)', () => {
    const raw = clientEncode(join);
    expect(typeof raw).toBe('string');
    expect(decodeText('2.0.0', raw as string)).toEqual({
      joinRef: '1',
      ref: '1',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { a: 1 },
    });
  });

  it('decodes vsn 1.0.0 objects', () => {
    expect(decodeText('1.0.0', JSON.stringify(join))).toMatchObject({
      joinRef: '1',
      topic: 'realtime:room',
    });
  });

  it('encodes V2 replies that realtime-js decodes, and V1 objects without join_ref', () => {
    const message = {
      joinRef: '1',
      ref: '3',
      topic: 't',
      event: 'phx_reply',
      payload: { status: 'ok' },
    };
    expect(clientDecode(encodeText('2.0.0', message))).toEqual({
      join_ref: '1',
      ref: '3',
      topic: 't',
      event: 'phx_reply',
      payload: { status: 'ok' },
    });
    expect(JSON.parse(encodeText('1.0.0', message))).toEqual({
      topic: 't',
      event: 'phx_reply',
      payload: { status: 'ok' },
      ref: '3',
    });
  });

  it('refuses malformed frames with a FrameError', () => {
    expect(() => decodeText('2.0.0', 'nope')).toThrow(FrameError);
    expect(() => decodeText('2.0.0', '{"topic":"t"}')).toThrow(FrameError);
    expect(() => decodeText('2.0.0', '[null,null,1,"e",{}]')).toThrow(FrameError);
    expect(() => decodeText('1.0.0', '[null,null,"t","e",{}]')).toThrow(FrameError);
    expect(() => decodeText('1.0.0', '{"topic":"t","event":"e","ref":{}}')).toThrow(FrameError);
  });
});

describe('binary frames', () => {
  it('decodes the user broadcast push realtime-js sends for JSON payloads', () => {
    const raw = clientEncode({
      join_ref: '4',
      ref: '5',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    });
    expect(raw).toBeInstanceOf(ArrayBuffer);
    const frame = decodeBinary(new Uint8Array(raw as ArrayBuffer));
    expect(frame.kind).toBe('userBroadcastPush');
    if (frame.kind !== 'userBroadcastPush') return;
    expect(frame.broadcast).toMatchObject({
      joinRef: '4',
      ref: '5',
      topic: 'realtime:room',
      userEvent: 'cursor',
      encoding: 'json',
    });
    expect(JSON.parse(Buffer.from(frame.broadcast.payload).toString())).toEqual({ x: 1 });
  });

  it('decodes binary user payloads', () => {
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const raw = clientEncode({
      join_ref: '1',
      ref: '2',
      topic: 't',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'bin', payload: bytes },
    });
    const frame = decodeBinary(new Uint8Array(raw as ArrayBuffer));
    expect(frame.kind === 'userBroadcastPush' && [...frame.broadcast.payload]).toEqual([1, 2, 3]);
    expect(frame.kind === 'userBroadcastPush' && frame.broadcast.encoding).toBe('binary');
  });

  it('encodes the user broadcast (kind 4) that realtime-js decodes', () => {
    const frame = encodeUserBroadcast({
      topic: 'realtime:room',
      userEvent: 'cursor',
      encoding: 'json',
      payload: Buffer.from('{"x":1}'),
      metadata: { id: 'm1' },
    });
    const decoded = clientDecode(new Uint8Array(frame).buffer);
    expect(decoded).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 }, meta: { id: 'm1' } },
    });
  });

  it('refuses unknown kinds and truncated frames', () => {
    expect(() => decodeBinary(new Uint8Array([9]))).toThrow(FrameError);
    expect(() => decodeBinary(new Uint8Array([3, 5, 0]))).toThrow(FrameError);
    expect(() => decodeBinary(new Uint8Array([]))).toThrow(FrameError);
  });

  it('decodes a plain binary push (kind 0)', () => {
    const bytes = Buffer.concat([Buffer.from([0, 1, 1, 1]), Buffer.from('1te'), Buffer.from([7])]);
    const frame = decodeBinary(bytes);
    expect(
      frame.kind === 'push' && { ...frame.message, payload: [...frame.message.payload] },
    ).toEqual({
      joinRef: '1',
      ref: null,
      topic: 't',
      event: 'e',
      payload: [7],
    });
  });
});
