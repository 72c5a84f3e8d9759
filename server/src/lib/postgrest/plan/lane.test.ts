import { describe, expect, it } from 'vitest';
import { COSTLY_FUNCTION, DEEP_OFFSET } from './lane.ts';
import { parseApiRequest } from '../request/api-request.ts';
import type { RestRequest } from '../request/types.ts';
import { actionPlan } from './plan.ts';
import { buildSchemaCache } from '../schema-cache/schema-cache.ts';

// Which admission lane each kind of request waits in (ADR 011, ADR 020): the planner's answer,
// from the schema cache's indexes and function costs.
const column = (name: string, type = 'text') => ({ name, type, nullable: false, default: null });
const fn = (name: string, cost?: number) => ({
  name,
  defaults: 1,
  returnsSet: false,
  returnType: 'jsonb',
  volatility: 's',
  returnsVoid: false,
  returnsComposite: false,
  params: [{ name: 'period', type: 'text', variadic: false }],
  ...(cost === undefined ? {} : { cost }),
});
const cache = buildSchemaCache(
  'public',
  JSON.stringify({
    tables: [
      {
        name: 'lottery_results',
        kind: 'r',
        primaryKey: ['id'],
        columns: ['id', 'draw_date', 'draw_hour', 'first_prize', 'created_at'].map((c) =>
          column(c),
        ),
        // As pg_index has them: the columns that lead an index.
        indexed: ['id', 'draw_date', 'first_prize'],
      },
    ],
    functions: [fn('draw_stats', 10_000), fn('check_number', 100), fn('plain_fn')],
    roles: ['anon'],
    allRoles: ['anon'],
  }),
);

const lane = (query: string, over: Partial<RestRequest> = {}) =>
  actionPlan(
    parseApiRequest({
      method: 'GET',
      resource: { kind: 'table', name: 'lottery_results' },
      query,
      headers: {},
      body: undefined,
      ...over,
    }),
    cache,
    { maxRows: 1000 },
  ).lane;
const rpc = (name: string, query = '') => lane(query, { resource: { kind: 'rpc', name } });

describe('the lanes by cost', () => {
  it('keeps the pages’ own reads plain', () => {
    // Today: one day by its index, ordered by an hour that leads no index.
    expect(lane('select=*&draw_date=eq.2026-11-26&order=draw_hour.desc')).toBe('plain');
    expect(lane('select=*&order=draw_date.desc,draw_hour.desc&limit=50')).toBe('plain');
    expect(lane('select=*&order=draw_date.desc&limit=50&offset=50')).toBe('plain');
    expect(lane('select=*&draw_date=gte.2026-11-01&order=draw_date.desc')).toBe('bulk');
  });

  it('sends an offset past DEEP_OFFSET to the costly lane, and a later page to bulk', () => {
    expect(lane(`order=draw_date.desc&offset=${DEEP_OFFSET}&limit=100`)).toBe('bulk');
    expect(lane(`order=draw_date.desc&offset=${DEEP_OFFSET + 1}&limit=100`)).toBe('costly');
    expect(lane('order=draw_date.desc&offset=12900&limit=100')).toBe('costly');
    expect(lane('order=draw_date', { headers: { range: '20000-20009' } })).toBe('costly');
    expect(rpc('plain_fn', 'period=all&offset=5000')).toBe('costly');
  });

  it('sends an order no index gives to the costly lane, unless an equality keeps it small', () => {
    expect(lane('order=created_at.desc&limit=100')).toBe('costly');
    expect(lane('order=draw_hour.asc,draw_date.desc&limit=1')).toBe('costly');
    expect(lane('order=first_prize.desc&limit=100')).toBe('plain');
    expect(lane('order=draw_date.desc,created_at.asc&limit=100')).toBe('plain');
    expect(lane('first_prize=eq.1234&order=created_at.desc')).toBe('plain');
    expect(lane('id=in.(a,b)&order=created_at.desc')).toBe('plain');
    // A range on an indexed column is no equality: the sort may still take every row.
    expect(lane('draw_date=gte.2000-01-01&order=created_at.desc&limit=5')).toBe('costly');
  });

  it('sends calls of a function declared costly to the costly lane', () => {
    expect(COSTLY_FUNCTION).toBeLessThanOrEqual(10_000);
    expect(rpc('draw_stats', 'period=all')).toBe('costly');
    expect(rpc('draw_stats', 'period=7d')).toBe('costly');
    expect(rpc('check_number', 'period=x')).toBe('plain');
    // A function from a cache that does not say its cost counts as PostgreSQL's default, 100.
    expect(rpc('plain_fn', 'period=all')).toBe('plain');
  });
});
