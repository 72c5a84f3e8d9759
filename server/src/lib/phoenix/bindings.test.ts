import { describe, expect, it } from 'vitest';
import { parseBinding, parseFilters, splitTopLevel } from './bindings.ts';

// Cases from supabase/realtime's Subscriptions.parse_subscription_params/1 doctests.
describe('parseBinding', () => {
  it('reads schema, table and filter', () => {
    expect(
      parseBinding({
        event: 'INSERT',
        schema: 'public',
        table: 'messages',
        filter: 'subject=eq.hey',
      }),
    ).toEqual({
      ok: true,
      value: {
        event: 'INSERT',
        schema: 'public',
        table: 'messages',
        filters: [{ column: 'subject', op: 'eq', value: 'hey' }],
        select: null,
      },
    });
  });

  it('fills wildcards and the public schema like realtime', () => {
    expect(parseBinding({ schema: 'public' })).toMatchObject({
      ok: true,
      value: { schema: 'public', table: '*', event: '*' },
    });
    expect(parseBinding({ table: 'messages' })).toMatchObject({
      ok: true,
      value: { schema: 'public', table: 'messages' },
    });
    expect(parseBinding({ event: 'update', schema: '*' })).toMatchObject({
      ok: true,
      value: { event: 'UPDATE' },
    });
    expect(parseBinding({ event: 'nonsense', schema: 'public' })).toMatchObject({
      ok: true,
      value: { event: '*' },
    });
  });

  it('refuses bindings without schema or table', () => {
    const parsed = parseBinding({ event: '*' });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/^No subscription params provided/);
  });

  it('keeps selected columns, refusing them on wildcards', () => {
    expect(parseBinding({ schema: 'public', table: 't', select: ['id', 3, 'name'] })).toMatchObject(
      {
        ok: true,
        value: { select: ['id', 'name'] },
      },
    );
    expect(parseBinding({ schema: 'public', select: ['id'] }).ok).toBe(false);
    expect(parseBinding({ schema: 'public', table: 't', select: 'id' }).ok).toBe(false);
  });
});

describe('parseFilters', () => {
  it('converts in lists to array literals and reads AND', () => {
    expect(parseFilters('subject=in.(hidee,ho)')).toEqual({
      ok: true,
      value: [{ column: 'subject', op: 'in', value: '{hidee,ho}' }],
    });
    expect(parseFilters('id=gt.0,id=lt.100')).toEqual({
      ok: true,
      value: [
        { column: 'id', op: 'gt', value: '0' },
        { column: 'id', op: 'lt', value: '100' },
      ],
    });
    expect(parseFilters('   ')).toEqual({ ok: true, value: [] });
  });

  it('accepts exactly eq, neq, lt, lte, gt, gte and in', () => {
    for (const op of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte']) {
      expect(parseFilters(`c=${op}.1`)).toEqual({
        ok: true,
        value: [{ column: 'c', op, value: '1' }],
      });
    }
    for (const op of ['like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'fts', 'cs']) {
      expect(parseFilters(`c=${op}.%%`)).toEqual({
        ok: false,
        error: `Error parsing \`filter\` params: ["${op}", "%%"]`,
      });
    }
    // realtime 2.109 knows no `not.` prefix: `not` is read as the operator.
    expect(parseFilters('id=not.eq.1')).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["not", "eq.1"]',
    });
  });

  it('reports parse errors with realtime texts', () => {
    expect(parseFilters('subject=foo.hey')).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["foo", "hey"]',
    });
    expect(parseFilters('undefined')).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["undefined"]',
    });
    expect(parseFilters('id=in.1,2')).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    });
    expect(parseFilters('id=eq.1,,id=eq.2')).toMatchObject({ ok: false });
  });

  it('splits only at top-level commas; quotes are not special', () => {
    expect(splitTopLevel('a=in.(1,2),b=eq."x,y",c=eq.z')).toEqual([
      'a=in.(1,2)',
      'b=eq."x',
      'y"',
      'c=eq.z',
    ]);
  });
});
