import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../response/errors.ts';
import { parseApiRequest } from './api-request.ts';
import type { RestRequest } from './types.ts';

// The request stage alone: no schema cache, no SQL. What it reads, and what it refuses.
const req = (over: Partial<RestRequest> = {}): RestRequest => ({
  method: 'GET',
  resource: { kind: 'table', name: 'lottery_results' },
  query: '',
  headers: {},
  body: undefined,
  ...over,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof PostgrestError ? `${error.status} ${error.code}` : String(error);
  }
  return 'no error';
};

describe('parseApiRequest', () => {
  it('reads the query string, the Range header, the preferences and the media type', () => {
    const api = parseApiRequest(
      req({
        query: 'select=id,draw_hour&draw_date=eq.2024-05-01&order=draw_hour.desc',
        headers: {
          range: '5-9',
          prefer: 'count=exact, timezone=UTC',
          accept: 'application/vnd.pgrst.object+json',
        },
      }),
    );
    expect(api.method).toBe('GET');
    expect(api.isRead).toBe(true);
    expect(api.query.select).toEqual([
      { field: { name: 'id', json: [] } },
      { field: { name: 'draw_hour', json: [] } },
    ]);
    expect(api.query.where).toEqual([
      {
        kind: 'filter',
        filter: {
          field: { name: 'draw_date', json: [] },
          negated: false,
          operation: { kind: 'quant', op: 'eq', quantifier: undefined, value: '2024-05-01' },
        },
      },
    ]);
    expect(api.query.range).toEqual({ offset: 5, limit: 5 });
    expect(api.preferences).toMatchObject({ count: 'exact', timezone: 'UTC' });
    expect(api.media.singular).toBe(true);
    expect(api.payload).toBeUndefined();
  });

  it('reads a POST body into rows and keys, and keeps a bad body’s error for the plan', () => {
    const good = parseApiRequest(req({ method: 'post', body: '[{"a":1},{"a":2}]' }));
    expect(good.method).toBe('POST');
    expect(good.payload).toEqual({
      value: { rows: [{ a: 1 }, { a: 2 }], keys: ['a'], isObject: false },
    });
    const bad = parseApiRequest(req({ method: 'PATCH', body: '{' }));
    expect(bad.payload && 'error' in bad.payload && bad.payload.error).toBeInstanceOf(
      PostgrestError,
    );
    const csv = parseApiRequest(
      req({ method: 'POST', body: 'a\n1', headers: { 'content-type': 'text/csv' } }),
    );
    expect(csv.payload && 'error' in csv.payload).toBe(true);
    // To a function, an empty body is no arguments.
    const call = parseApiRequest(req({ method: 'POST', resource: { kind: 'rpc', name: 'f' } }));
    expect(call.payload).toEqual({ value: { rows: [{}], keys: [], isObject: true } });
  });

  it('refuses wrong methods, unexposed schemas, and embedding into a call', () => {
    expect(codeOf(() => parseApiRequest(req({ method: 'PUT' })))).toBe('400 PGRST100');
    expect(codeOf(() => parseApiRequest(req({ method: 'TRACE' })))).toBe('405 PGRST117');
    const rpc = { kind: 'rpc' as const, name: 'f' };
    expect(codeOf(() => parseApiRequest(req({ method: 'PATCH', resource: rpc })))).toBe(
      '405 PGRST101',
    );
    expect(codeOf(() => parseApiRequest(req({ headers: { 'accept-profile': 'auth' } })))).toBe(
      '406 PGRST106',
    );
    expect(codeOf(() => parseApiRequest(req({ resource: rpc, query: 'select=*,t(*)' })))).toBe(
      '400 PGRST100',
    );
  });
});
