import { describe, expect, it } from 'vitest';
import { parseFilterValue, parseLogicTree } from './parse-filter.ts';
import { applyRangeHeader, parseLimitOffset, parseOrder } from './parse-order.ts';
import { parseQuery, splitQuery } from './parse-query.ts';

describe('filters', () => {
  it.each([
    ['eq.5', { kind: 'quant', op: 'eq', quantifier: undefined, value: '5' }],
    ['gte.2024-05-01', { kind: 'quant', op: 'gte', quantifier: undefined, value: '2024-05-01' }],
    ['like.*a.b*', { kind: 'quant', op: 'like', quantifier: undefined, value: '*a.b*' }],
    ['ilike(any).{a*,b*}', { kind: 'quant', op: 'ilike', quantifier: 'any', value: '{a*,b*}' }],
    ['neq.', { kind: 'simple', op: 'neq', value: '' }],
    ['cs.{1,2}', { kind: 'simple', op: 'cs', value: '{1,2}' }],
    ['in.(1,2,"a,b")', { kind: 'in', values: ['1', '2', 'a,b'] }],
    ['in.()', { kind: 'in', values: [''] }],
    // pCharsOrSlashed: a backslash keeps the next character, a quote or a backslash alike.
    ['in.("a\\"b","c\\\\d")', { kind: 'in', values: ['a"b', 'c\\d'] }],
    ['is.NULL', { kind: 'is', value: 'null' }],
    ['is.not_null', { kind: 'is', value: 'not_null' }],
    ['isdistinct.x', { kind: 'isdistinct', value: 'x' }],
    ['fts(english).cat & dog', { kind: 'fts', op: 'fts', language: 'english', value: 'cat & dog' }],
  ])('%s', (input, operation) => {
    expect(parseFilterValue(input)).toEqual({ negated: false, operation });
  });

  it('negates with not.', () => {
    expect(parseFilterValue('not.in.(1)')).toEqual({
      negated: true,
      operation: { kind: 'in', values: ['1'] },
    });
  });

  it.each(['foo.1', 'eq', 'eq1', 'is.maybe', 'in.(1', 'not.not.eq.1', ''])(
    'refuses %j with PGRST100',
    (input) => {
      expect(() => parseFilterValue(input)).toThrowError(
        expect.objectContaining({ code: 'PGRST100', status: 400 }),
      );
    },
  );

  it('reads or/and trees with nesting, negation and quoted values', () => {
    expect(parseLogicTree('or', '(a.eq.1,and(b.gt.2,c.like."x,y"),d.not.is.null)')).toEqual({
      kind: 'expr',
      negated: false,
      op: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', json: [] },
            negated: false,
            operation: { kind: 'quant', op: 'eq', quantifier: undefined, value: '1' },
          },
        },
        {
          kind: 'expr',
          negated: false,
          op: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'b', json: [] },
                negated: false,
                operation: { kind: 'quant', op: 'gt', quantifier: undefined, value: '2' },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'c', json: [] },
                negated: false,
                operation: { kind: 'quant', op: 'like', quantifier: undefined, value: 'x,y' },
              },
            },
          ],
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'd', json: [] },
            negated: true,
            operation: { kind: 'is', value: 'null' },
          },
        },
      ],
    });
    expect(parseLogicTree('not.and', '(a.eq.1)')).toMatchObject({ negated: true, op: 'and' });
    expect(() => parseLogicTree('or', '(a.eq.1')).toThrowError(/failed to parse logic tree/);
    expect(() => parseLogicTree('or', '(a.eq.1,)')).toThrowError(/failed to parse logic tree/);
  });
});

describe('order, limit, offset and Range', () => {
  it('reads several keys with direction and nulls', () => {
    expect(parseOrder('draw_date.desc,draw_hour.asc.nullslast,id')).toEqual([
      { field: { name: 'draw_date', json: [] }, direction: 'desc' },
      { field: { name: 'draw_hour', json: [] }, direction: 'asc', nulls: 'last' },
      { field: { name: 'id', json: [] } },
    ]);
    expect(() => parseOrder('a.up')).toThrowError(/failed to parse order/);
    expect(parseOrder('user_roles(role).desc')).toEqual([
      { field: { name: 'role', json: [] }, relation: 'user_roles', direction: 'desc' },
    ]);
  });

  it('reads limit/offset as PostgREST: garbage ignored, negative limit 416', () => {
    expect(parseLimitOffset('10', '20')).toEqual({ offset: 20, limit: 10 });
    expect(parseLimitOffset('ten', undefined)).toEqual({ offset: 0 });
    expect(() => parseLimitOffset('-1', undefined)).toThrowError(
      expect.objectContaining({ code: 'PGRST103', status: 416 }),
    );
  });

  it('intersects the Range header with limit/offset', () => {
    expect(applyRangeHeader({ offset: 0 }, '0-9')).toEqual({ offset: 0, limit: 10 });
    expect(applyRangeHeader({ offset: 0 }, '5-')).toEqual({ offset: 5 });
    expect(applyRangeHeader({ offset: 2, limit: 5 }, '0-3')).toEqual({ offset: 2, limit: 2 });
    expect(applyRangeHeader({ offset: 0, limit: 0 }, '0-9')).toEqual({ offset: 0, limit: 0 });
    expect(applyRangeHeader({ offset: 0 }, 'items=0-9')).toEqual({ offset: 0 });
    expect(() => applyRangeHeader({ offset: 0 }, '9-1')).toThrowError(
      expect.objectContaining({ code: 'PGRST103' }),
    );
  });
});

describe('parseQuery', () => {
  it('splits like parseQueryReplacePlus: + is a space, no = means no value', () => {
    expect(splitQuery('a=1+2&b&c=%2C&d=')).toEqual([
      ['a', '1 2'],
      ['c', ','],
      ['d', ''],
    ]);
    expect(() => splitQuery('a=%E0%A4%A')).toThrowError(
      expect.objectContaining({ code: 'PGRST100' }),
    );
  });

  it('sorts parameters into select, filters, logic, order, range, columns and on_conflict', () => {
    const q = parseQuery(
      'select=id&draw_date=eq.2024-05-01&or=(a.eq.1,b.eq.2)&order=draw_hour.desc&limit=5&offset=1&columns="a","b"&on_conflict=a,b&apikey=k',
    );
    expect(q.select).toEqual([{ field: { name: 'id', json: [] } }]);
    expect(q.where).toHaveLength(2);
    expect(q.order).toHaveLength(1);
    expect(q.range).toEqual({ offset: 1, limit: 5 });
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.onConflict).toEqual(['a', 'b']);
  });

  it('turns operator-less parameters into arguments on GET /rpc only', () => {
    expect(parseQuery('from=2024-01-01&to=eq.x', true).rpcArgs).toEqual([['from', '2024-01-01']]);
    expect(() => parseQuery('from=2024-01-01')).toThrowError(
      expect.objectContaining({ code: 'PGRST100' }),
    );
  });

  it('keeps the parameters of embedded resources by path', () => {
    const q = parseQuery(
      'books.rating=gt.3&books.order=rating.desc&books.limit=2&books.offset=1&books.reviews.or=(stars.eq.5)&books.not.and=(id.eq.1)',
    );
    expect(q.where).toEqual([]);
    const books = q.embedded.get('books');
    expect(books?.where[0]).toMatchObject({
      kind: 'filter',
      filter: { field: { name: 'rating' }, operation: { op: 'gt', value: '3' } },
    });
    expect(books?.where[1]).toMatchObject({ kind: 'expr', op: 'and', negated: true });
    expect(books?.order).toEqual([{ field: { name: 'rating', json: [] }, direction: 'desc' }]);
    expect(books?.range).toEqual({ offset: 1, limit: 2 });
    expect(q.embedded.get('books.reviews')?.where[0]).toMatchObject({ kind: 'expr', op: 'or' });
  });
});
