import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../response/errors.ts';
import { parseSelect, parseSelectTree } from './parse-select.ts';

const col = (name: string, extra: object = {}) => ({ field: { name, json: [] }, ...extra });

describe('parseSelect', () => {
  it('reads *, plain columns, renames and casts', () => {
    expect(parseSelect('*')).toBe('*');
    expect(parseSelect('id,draw_hour')).toEqual([col('id'), col('draw_hour')]);
    expect(parseSelect('prize:first_prize')).toEqual([col('first_prize', { alias: 'prize' })]);
    expect(parseSelect('draw_hour::text')).toEqual([col('draw_hour', { cast: 'text' })]);
    expect(parseSelect('h:draw_hour::double precision')).toEqual([
      col('draw_hour', { alias: 'h', cast: 'double precision' }),
    ]);
  });

  it('keeps * beside other items, and spaces around commas', () => {
    expect(parseSelect('*, id')).toEqual([col('*'), col('id')]);
  });

  it('reads quoted names and JSON paths', () => {
    expect(parseSelect('"a,b":"weird name"')).toEqual([col('weird name', { alias: 'a,b' })]);
    expect(parseSelect('"say \\"hi\\""')).toEqual([col('say "hi"')]);
    expect(parseSelect('data->a->>b')).toEqual([
      {
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
      },
    ]);
    expect(parseSelect('data->0')).toEqual([
      { field: { name: 'data', json: [{ arrow: '->', key: '0', index: true }] } },
    ]);
  });

  it('an empty select selects no columns', () => {
    expect(parseSelect('')).toEqual([]);
  });

  it('reads embedded resources: alias, hint and join in either order, nesting', () => {
    expect(parseSelectTree('*,roles:user_roles!fk!inner(role,u:users(*)),b()')).toEqual({
      columns: '*',
      embeds: [
        {
          target: 'user_roles',
          alias: 'roles',
          hint: 'fk',
          join: 'inner',
          select: {
            columns: [col('role')],
            embeds: [{ target: 'users', alias: 'u', select: { columns: '*', embeds: [] } }],
          },
        },
        { target: 'b', select: { columns: [], embeds: [] } },
      ],
    });
    expect(parseSelectTree('x!left!h(id)').embeds[0]).toMatchObject({ join: 'left', hint: 'h' });
    expect(parseSelectTree('id,...authors!inner(name)').embeds[0]).toMatchObject({
      target: 'authors',
      join: 'inner',
      spread: true,
    });
  });

  it('bounds embedding: depth, and every level toward the select items', () => {
    const refused = (details: string) =>
      expect.objectContaining({ code: 'PGRST100', details: expect.stringContaining(details) });
    expect(() => parseSelectTree('a(b(c(d(id))))')).not.toThrow();
    expect(() => parseSelectTree('a(b(c(d(e(id)))))')).toThrowError(refused('at most 4 levels'));
    const wide = Array.from({ length: 60 }, (_, i) => `c${i}`).join(',');
    expect(() => parseSelectTree(`${wide},e(${wide})`)).toThrowError(refused('At most 100'));
  });

  it.each([
    ['*,user_roles(*)', 'Embedding'],
    ['count()', 'Aggregate'],
    ['draw_hour.sum()', 'Aggregate'],
  ])('refuses %s with a 400 that says it is not supported', (select, word) => {
    const error = (() => {
      try {
        parseSelect(select);
      } catch (e) {
        return e as PostgrestError;
      }
    })();
    expect(error).toBeInstanceOf(PostgrestError);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    expect(error?.message).toContain(word);
    expect(error?.message).toContain('not supported');
  });

  it('reports syntax errors like PostgREST (PGRST100 with a position)', () => {
    expect(() => parseSelect('id,,x')).toThrow(
      /failed to parse select parameter \(id,,x\)" \(line 1, column 4\)/,
    );
    expect(() => parseSelect('id;drop')).toThrowError(PostgrestError);
    expect(parseSelect('id name')).toEqual([col('id name')]);
    expect(() => parseSelect('id::')).toThrowError(/failed to parse select parameter/);
  });
});
