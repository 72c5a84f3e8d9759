import { describe, expect, it } from 'vitest';
import { prepareRequest } from './prepare.ts';
import type { RestRequest } from './request/types.ts';
import { resolveRoutine } from './plan/resolve.ts';
import { buildSchemaCache } from './schema-cache/schema-cache.ts';

const cache = buildSchemaCache(
  'public',
  JSON.stringify({
    tables: [
      {
        name: 'lottery_results',
        kind: 'r',
        primaryKey: ['id'],
        columns: [
          { name: 'id', type: 'uuid', nullable: false, default: 'gen_random_uuid()' },
          { name: 'draw_hour', type: 'integer', nullable: false, default: null },
        ],
      },
    ],
    functions: [
      {
        name: 'f',
        defaults: 1,
        returnsSet: false,
        returnType: 'integer',
        volatility: 'v',
        returnsVoid: false,
        returnsComposite: false,
        params: [
          { name: 'a', type: 'integer', variadic: false },
          { name: 'b', type: 'text', variadic: false },
        ],
      },
      {
        name: 'g',
        defaults: 0,
        returnsSet: false,
        returnType: 'json',
        volatility: 's',
        returnsVoid: false,
        returnsComposite: false,
        params: [{ name: '', type: 'json', variadic: false }],
      },
      {
        name: 'h',
        defaults: 0,
        returnsSet: false,
        returnType: 'integer',
        volatility: 'i',
        returnsVoid: false,
        returnsComposite: false,
        params: [{ name: 'x', type: 'integer', variadic: false }],
      },
      {
        name: 'h',
        defaults: 0,
        returnsSet: false,
        returnType: 'integer',
        volatility: 'i',
        returnsVoid: false,
        returnsComposite: false,
        params: [{ name: 'x', type: 'text', variadic: false }],
      },
    ],
    roles: ['anon'],
    allRoles: ['anon', 'postgres'],
  }),
);

const req = (over: Partial<RestRequest>): RestRequest => ({
  method: 'GET',
  resource: { kind: 'table', name: 'lottery_results' },
  query: '',
  headers: {},
  body: undefined,
  ...over,
});

describe('resolveRoutine', () => {
  it('picks the overload whose parameters the arguments cover', () => {
    expect(resolveRoutine(cache, 'f', ['a'], true).routine.name).toBe('f');
    expect(resolveRoutine(cache, 'f', ['a', 'b'], false).routine.name).toBe('f');
    expect(resolveRoutine(cache, 'g', ['anything'], true).single?.type).toBe('json');
  });

  it('answers PGRST202 with a hint, and PGRST203 for ambiguity', () => {
    expect(() => resolveRoutine(cache, 'f', ['b'], true)).toThrowError(
      expect.objectContaining({
        code: 'PGRST202',
        status: 404,
        hint: 'Perhaps you meant to call the function public.f(a, b)',
      }),
    );
    expect(() => resolveRoutine(cache, 'nope', [], false)).toThrowError(
      expect.objectContaining({ code: 'PGRST202', hint: null }),
    );
    expect(() => resolveRoutine(cache, 'h', ['x'], false)).toThrowError(
      expect.objectContaining({ code: 'PGRST203', status: 300 }),
    );
  });
});

describe('prepareRequest', () => {
  it('plans reads as read-only, with the Range header on GET', () => {
    const plan = prepareRequest(
      req({ query: 'draw_hour=gt.3', headers: { range: '0-9', prefer: 'count=exact' } }),
      cache,
    );
    expect(plan.readOnly).toBe(true);
    expect(plan.statement.values).toEqual(['3', '10', '0']);
    expect(plan.response).toMatchObject({
      action: 'read',
      count: true,
      preferenceApplied: 'count=exact',
    });
  });

  it('validates tables and body columns against the schema cache', () => {
    expect(() =>
      prepareRequest(req({ resource: { kind: 'table', name: 'lottery_result' } }), cache),
    ).toThrowError(
      expect.objectContaining({
        code: 'PGRST205',
        hint: "Perhaps you meant the table 'public.lottery_results'",
      }),
    );
    expect(() => prepareRequest(req({ method: 'POST', body: '{"nope":1}' }), cache)).toThrowError(
      expect.objectContaining({
        code: 'PGRST204',
        message: "Could not find the 'nope' column of 'lottery_results' in the schema cache",
      }),
    );
  });

  it.each([
    ['not json', 'Empty or invalid json'],
    ['', 'Empty or invalid json'],
    ['[{"draw_hour":1},{"id":"x"}]', 'All object keys must match'],
    ['[1,2]', 'All object keys must match'],
  ])('refuses the body %j with PGRST102', (body, message) => {
    expect(() => prepareRequest(req({ method: 'POST', body }), cache)).toThrowError(
      expect.objectContaining({ code: 'PGRST102', status: 400, message }),
    );
  });

  it('lets columns= decide the insert columns of uneven rows', () => {
    const plan = prepareRequest(
      req({ method: 'POST', query: 'columns=draw_hour,id', body: '[{"draw_hour":1},{"id":"x"}]' }),
      cache,
    );
    expect(plan.statement.text).toContain('("draw_hour", "id")');
    expect(plan.response).toMatchObject({ action: 'create', returning: 'minimal' });
  });

  it('upserts on the primary key unless on_conflict says otherwise', () => {
    const plan = prepareRequest(
      req({
        method: 'POST',
        headers: { prefer: 'resolution=merge-duplicates' },
        body: '{"id":"x"}',
      }),
      cache,
    );
    expect(plan.statement.text).toContain('ON CONFLICT("id")');
  });

  it('verifies one-object writes before committing', () => {
    const plan = prepareRequest(
      req({
        method: 'PATCH',
        query: 'id=eq.x',
        headers: { accept: 'application/vnd.pgrst.object+json' },
        body: '{"draw_hour":2}',
      }),
      cache,
    );
    expect(plan.verifyBeforeCommit).toBe(true);
    expect(plan.readOnly).toBe(false);
  });

  it('refuses what it does not implement, and wrong methods', () => {
    expect(() => prepareRequest(req({ method: 'PUT' }), cache)).toThrowError(
      expect.objectContaining({ status: 400, code: 'PGRST100' }),
    );
    expect(() => prepareRequest(req({ method: 'DELETE', query: 'limit=1' }), cache)).toThrowError(
      /not supported/,
    );
    expect(() =>
      prepareRequest(req({ method: 'PATCH', resource: { kind: 'rpc', name: 'f' } }), cache),
    ).toThrowError(expect.objectContaining({ code: 'PGRST101', status: 405 }));
    expect(() =>
      prepareRequest(req({ headers: { 'accept-profile': 'auth' } }), cache),
    ).toThrowError(expect.objectContaining({ code: 'PGRST106' }));
    expect(() =>
      prepareRequest(
        req({ method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' }),
        cache,
      ),
    ).toThrowError(
      expect.objectContaining({
        code: 'PGRST102',
        message: 'Content-Type not acceptable: text/xml',
      }),
    );
  });

  it('plans calls: read-only unless a volatile function is POSTed', () => {
    const post = prepareRequest(
      req({ method: 'POST', resource: { kind: 'rpc', name: 'f' }, body: '{"a":1}' }),
      cache,
    );
    expect(post.readOnly).toBe(false);
    const get = prepareRequest(req({ resource: { kind: 'rpc', name: 'f' }, query: 'a=1' }), cache);
    expect(get.readOnly).toBe(true);
    expect(get.statement.values).toEqual(['1']);
    const single = prepareRequest(
      req({ method: 'POST', resource: { kind: 'rpc', name: 'g' }, body: '{"x":[1]}' }),
      cache,
    );
    expect(single.statement.text).toContain('"public"."g"($1::json)');
  });
});
