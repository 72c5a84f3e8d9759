import { describe, expect, it } from 'vitest';
import {
  bindingId,
  closeMessage,
  errorReply,
  push,
  pushEnvelope,
  reply,
  systemMessage,
} from './messages.ts';
import { encodeText } from './frames.ts';

describe('messages', () => {
  const request = { topic: 'realtime:today', ref: '2', joinRef: '1' };

  it('builds phx_reply with status and response', () => {
    expect(reply(request, 'ok', { postgres_changes: [] })).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:today',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
    });
    expect(errorReply(request, 'TopicNameRequired: You must provide a topic name').payload).toEqual(
      {
        status: 'error',
        response: { reason: 'TopicNameRequired: You must provide a topic name' },
      },
    );
  });

  it('builds the system message with the sub-topic as channel', () => {
    expect(
      systemMessage('realtime:today', '1', 'postgres_changes', 'ok', 'Subscribed to PostgreSQL'),
    ).toEqual({
      joinRef: '1',
      ref: null,
      topic: 'realtime:today',
      event: 'system',
      payload: {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'today',
      },
    });
    expect(closeMessage('realtime:today', '1')).toMatchObject({ event: 'phx_close', payload: {} });
  });

  it('derives stable binding ids in phash2 range, independent of key order', () => {
    const a = bindingId({ event: '*', schema: 'public', table: 't' });
    expect(a).toBe(bindingId({ table: 't', schema: 'public', event: '*' }));
    expect(a).not.toBe(bindingId({ event: 'INSERT', schema: 'public', table: 't' }));
    expect(Number.isInteger(a) && a >= 0 && a < 2 ** 27).toBe(true);
  });

  it('frames a shared payload exactly as encodeText frames the push', () => {
    const payload = { ids: [7], data: { record: { note: 'é "q"' } } };
    const bytes = Buffer.from(JSON.stringify(payload));
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      const { head, tail } = pushEnvelope(vsn, 'realtime:"odd" tópic', 'postgres_changes');
      expect(Buffer.concat([head, bytes, tail]).toString()).toBe(
        encodeText(vsn, push('realtime:"odd" tópic', 'postgres_changes', payload)),
      );
    }
  });
});
