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
        filters: [{ column: 'subject', op: 'eq', value: 'hey', negate: false }],
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
  it('converts in lists to array literals and handles not., AND and quotes', () => {
    expect(parseFilters('subject=in.(hidee,ho)')).toEqual({
      ok: true,
      value: [{ column: 'subject', op: 'in', value: '{hidee,ho}', negate: false }],
    });
    expect(parseFilters('id=gt.0,id=not.lt.100')).toEqual({
      ok: true,
      value: [
        { column: 'id', op: 'gt', value: '0', negate: false },
        { column: 'id', op: 'lt', value: '100', negate: true },
      ],
    });
    expect(parseFilters('name=eq."a,b"')).toEqual({
      ok: true,
      value: [{ column: 'name', op: 'eq', value: 'a,b', negate: false }],
    });
    expect(parseFilters('   ')).toEqual({ ok: true, value: [] });
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
    expect(parseFilters('name=match.^a')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not supported'),
    });
  });

  it('splits only at top-level commas', () => {
    expect(splitTopLevel('a=in.(1,2),b=eq."x,y",c=eq.z')).toEqual([
      'a=in.(1,2)',
      'b=eq."x,y"',
      'c=eq.z',
    ]);
  });
});
