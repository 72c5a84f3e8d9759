import { describe, expect, it } from 'vitest';
import type { ResponseShape } from './shape.ts';
import { contentRange, renderResult, type ResultRow } from './render.ts';

const shape = (over: Partial<ResponseShape> = {}): ResponseShape => ({
  action: 'read',
  resource: 't',
  offset: 0,
  count: false,
  head: false,
  media: { singular: false, stripNulls: false, mime: 'application/json' },
  returning: 'minimal',
  primaryKey: ['id'],
  returnsVoid: false,
  ...over,
});
const row = (over: Partial<ResultRow> = {}): ResultRow => ({
  total_result_set: null,
  page_total: '2',
  body: '[{},{}]',
  response_headers: null,
  response_status: null,
  ...over,
});

describe('Content-Range (contentRangeH)', () => {
  it.each([
    [0, 24, undefined, '0-24/*'],
    [0, -1, undefined, '*/*'],
    [0, -1, 0, '*/0'],
    [10, 19, 100, '10-19/100'],
  ])('%i-%i of %s → %s', (lower, upper, total, expected) => {
    expect(contentRange(lower, upper, total)).toBe(expected);
  });
});

describe('renderResult', () => {
  it('answers reads with the body, Content-Range and charset', () => {
    expect(renderResult(shape(), row())).toEqual({
      status: 200,
      headers: {
        'Content-Profile': 'public',
        'Content-Range': '0-1/*',
        'Content-Type': 'application/json; charset=utf-8',
      },
      body: '[{},{}]',
    });
  });

  it('answers 206 for a partial page with a count, 416 past the end', () => {
    expect(renderResult(shape({ count: true }), row({ total_result_set: '5' })).status).toBe(206);
    expect(() =>
      renderResult(
        shape({ count: true, offset: 9 }),
        row({ page_total: '0', total_result_set: '5' }),
      ),
    ).toThrowError(
      expect.objectContaining({
        status: 416,
        code: 'PGRST103',
        details: 'An offset of 9 was requested, but there are only 5 rows.',
      }),
    );
  });

  it('answers PGRST116 (406) unless exactly one row was asked for and found', () => {
    const single = shape({
      media: { singular: true, stripNulls: false, mime: 'application/vnd.pgrst.object+json' },
    });
    expect(() => renderResult(single, row())).toThrowError(
      expect.objectContaining({
        status: 406,
        code: 'PGRST116',
        details: 'The result contains 2 rows',
      }),
    );
    expect(renderResult(single, row({ page_total: '1', body: '{}' })).headers['Content-Type']).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    );
  });

  it('answers writes as PostgREST: 201 for inserts, 204 without representation', () => {
    const created = renderResult(shape({ action: 'create' }), row());
    expect(created).toMatchObject({ status: 201, headers: { 'Content-Range': '*/*' } });
    expect(created.body).toBeUndefined();
    expect(
      renderResult(shape({ action: 'create', returning: 'full', count: true }), row()),
    ).toMatchObject({ status: 201, body: '[{},{}]', headers: { 'Content-Range': '*/2' } });
    expect(renderResult(shape({ action: 'create' }), row(), 0).status).toBe(200);
    expect(renderResult(shape({ action: 'update' }), row())).toMatchObject({
      status: 204,
      headers: { 'Content-Range': '0-1/*' },
    });
    expect(renderResult(shape({ action: 'delete', returning: 'full' }), row())).toMatchObject({
      status: 200,
      body: '[{},{}]',
    });
  });

  it('sets Location for return=headers-only', () => {
    const response = renderResult(
      shape({ action: 'create', returning: 'headers-only' }),
      row({ page_total: '1', body: '[{"id":"a b"}]' }),
    );
    expect(response.headers.Location).toBe('/t?id=eq.a%20b');
  });

  it('lets response.status and response.headers override, and refuses malformed ones', () => {
    const response = renderResult(
      shape({ action: 'call' }),
      row({ response_status: '202', response_headers: '[{"X-A":"1"}]' }),
    );
    expect(response.status).toBe(202);
    expect(response.headers['X-A']).toBe('1');
    expect(() => renderResult(shape(), row({ response_headers: '{"X-A":1}' }))).toThrowError(
      expect.objectContaining({ code: 'PGRST111' }),
    );
    expect(() => renderResult(shape(), row({ response_status: 'teapot' }))).toThrowError(
      expect.objectContaining({ code: 'PGRST112' }),
    );
  });

  it('answers 204 for a void function', () => {
    const response = renderResult(
      shape({ action: 'call', returnsVoid: true }),
      row({ page_total: '1', body: '' }),
    );
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
  });
});
