import { describe, expect, it } from 'vitest';
import type { FilterOp } from './bindings.ts';
import { compareValues, matchesFilters, type CompiledFilter } from './filters.ts';

const filter = (op: FilterOp, type: string, value: unknown): CompiledFilter => ({
  column: 'c',
  op,
  type,
  value,
});

const passes = (f: CompiledFilter, cell: unknown) => matchesFilters([f], { c: cell });

describe('matchesFilters', () => {
  it('compares numbers numerically', () => {
    expect(passes(filter('eq', 'int4', 14), 14)).toBe(true);
    expect(passes(filter('gt', 'int4', 9), 10)).toBe(true);
    expect(passes(filter('lte', 'numeric', 10), 10.5)).toBe(false);
    expect(passes(filter('neq', 'int8', 1), 2)).toBe(true);
  });

  it('compares dates and text as PostgreSQL renders them', () => {
    expect(passes(filter('gte', 'date', '2024-05-01'), '2024-05-02')).toBe(true);
    expect(passes(filter('lt', 'date', '2024-05-01'), '2024-05-02')).toBe(false);
    expect(passes(filter('eq', 'text', '0042'), '0042')).toBe(true);
    expect(passes(filter('eq', 'uuid', 'a'), 'b')).toBe(false);
  });

  it('compares timestamptz instants whatever their offset, to the microsecond', () => {
    const f = filter('eq', 'timestamptz', '2024-05-01T12:00:00.000001+02:00');
    expect(passes(f, '2024-05-01T10:00:00.000001+00:00')).toBe(true);
    expect(passes(f, '2024-05-01T10:00:00.000002+00:00')).toBe(false);
    expect(
      compareValues('timestamptz', '2024-05-01T10:00:00+00:00', '2024-05-01T11:00:00+02:00'),
    ).toBeGreaterThan(0);
  });

  it('follows SQL null logic: null fails every comparison', () => {
    expect(passes(filter('eq', 'text', 'x'), null)).toBe(false);
    expect(passes(filter('neq', 'text', 'x'), null)).toBe(false);
    expect(passes(filter('in', 'int4', [1, null]), 4)).toBe(false);
  });

  it('matches in lists', () => {
    expect(passes(filter('in', 'int4', [1, 2, 3]), 2)).toBe(true);
    expect(passes(filter('in', 'int4', [1, 2, 3]), 4)).toBe(false);
  });

  it('needs every filter to pass, and fails on columns the row does not carry', () => {
    const both = [filter('gt', 'int4', 0), { ...filter('lt', 'int4', 10) }];
    expect(matchesFilters(both, { c: 5 })).toBe(true);
    expect(matchesFilters(both, { c: 11 })).toBe(false);
    expect(matchesFilters([filter('eq', 'int4', 1)], { other: 1 })).toBe(false);
    expect(matchesFilters([filter('eq', 'int4', 1)], null)).toBe(false);
    expect(matchesFilters([], null)).toBe(true);
  });
});
