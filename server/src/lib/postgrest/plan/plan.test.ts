import { describe, expect, it } from 'vitest';
import type { ApiRequest, QueryParams } from '../request/types.ts';
import { invalidBody, PostgrestError } from '../response/errors.ts';
import { buildSchemaCache } from '../schema-cache/schema-cache.ts';
import { actionPlan } from './plan.ts';

// The plan stage alone: a parsed request written by hand (no query-string parsing), a schema
// cache, and the plan as data: no SQL anywhere in it.
const cache = buildSchemaCache(
  'public',
  JSON.stringify({
    tables: [
      {
        name: 'authors',
        kind: 'r',
        primaryKey: ['id'],
        columns: [{ name: 'id', type: 'integer', nullable: false, default: null }],
      },
      {
        name: 'books',
        kind: 'r',
        primaryKey: ['id'],
        columns: ['id', 'author_id', 'title'].map((name) => ({
          name,
          type: 'text',
          nullable: true,
          default: null,
        })),
      },
    ],
    functions: [],
    roles: [],
    allRoles: [],
    relationships: [
      {
        name: 'books_author_id_fkey',
        table: 'books',
        foreignTable: 'authors',
        columns: ['author_id'],
        foreignColumns: ['id'],
        unique: false,
      },
    ],
  }),
);

const field = (name: string) => ({ name, json: [] });
const query = (over: Partial<QueryParams> = {}): QueryParams => ({
  select: '*',
  embeds: [],
  embedded: new Map(),
  where: [],
  order: [],
  range: { offset: 0 },
  rpcArgs: [],
  ...over,
});
const api = (over: Partial<ApiRequest> = {}): ApiRequest => ({
  method: 'GET',
  resource: { kind: 'table', name: 'authors' },
  isRead: true,
  preferences: { invalid: [] },
  media: { singular: false, stripNulls: false, mime: 'application/json' },
  query: query(),
  body: undefined,
  ...over,
});

describe('actionPlan', () => {
  it('plans a read as data: its embeds, filters bound to them, the range capped at max_rows', () => {
    const plan = actionPlan(
      api({
        query: query({
          embeds: [{ target: 'books', select: { columns: [], embeds: [] } }],
          where: [
            {
              kind: 'filter',
              filter: {
                field: field('books'),
                negated: true,
                operation: { kind: 'is', value: 'null' },
              },
            },
          ],
        }),
      }),
      cache,
      { maxRows: 50 },
    );
    expect(plan.readOnly).toBe(true);
    expect(plan.lane).toBe('bulk');
    expect(plan.action.kind).toBe('read');
    if (plan.action.kind !== 'read') return;
    const read = plan.action.plan;
    expect(read.range).toEqual({ offset: 0, limit: 50 });
    expect(read.embeds).toHaveLength(1);
    const [books] = read.embeds;
    expect(books).toMatchObject({ name: 'books', table: 'books', empty: true, nullFiltered: true });
    expect(books!.rel).toMatchObject({
      cardinality: 'one-to-many',
      constraint: 'books_author_id_fkey',
    });
    const [tree] = read.where;
    expect(tree?.kind === 'filter' && tree.filter.embed).toBe(books);
    expect(
      JSON.stringify(plan, (key, value: unknown) => (key === 'embed' ? undefined : value)),
    ).not.toMatch(/SELECT|FROM|WHERE|\$1/);
  });

  it('plans writes with their rows and catalog columns, and leaves the request untouched', () => {
    const parsed = api({
      method: 'POST',
      isRead: false,
      resource: { kind: 'table', name: 'books' },
      preferences: { invalid: [], return: 'full' },
      payload: { value: { rows: [{ title: 'x' }], keys: ['title'], isObject: true } },
    });
    const plan = actionPlan(parsed, cache, { maxRows: 50 });
    expect(plan.action.kind).toBe('insert');
    if (plan.action.kind !== 'insert') return;
    expect(plan.action.plan.columns.map((c) => c.name)).toEqual(['title']);
    expect(plan.action.plan.body).toBe('[{"title":"x"}]');
    expect(plan.response).toMatchObject({ action: 'create', returning: 'full' });
    expect(parsed.query.range).toEqual({ offset: 0 });
  });

  it('throws a body’s kept error only once the table is found', () => {
    const broken = { error: invalidBody('Empty or invalid json') };
    const post = (name: string) =>
      api({ method: 'POST', isRead: false, resource: { kind: 'table', name }, payload: broken });
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof PostgrestError ? error.code : String(error);
      }
    };
    expect(codeOf(() => actionPlan(post('nowhere'), cache))).toBe('PGRST205');
    expect(codeOf(() => actionPlan(post('books'), cache))).toBe('PGRST102');
  });
});
