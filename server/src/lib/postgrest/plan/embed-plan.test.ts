import { describe, expect, it } from 'vitest';
import { findRelationship } from './relationships.ts';
import { prepareRequest } from '../prepare.ts';
import type { RestRequest } from '../request/types.ts';
import { buildSchemaCache } from '../schema-cache/schema-cache.ts';

const table = (name: string, columns: string[]) => ({
  name,
  kind: 'r',
  primaryKey: ['id'],
  columns: columns.map((c) => ({ name: c, type: 'integer', nullable: true, default: null })),
});
const fk = (name: string, from: string, cols: string[], to: string, unique = false) => ({
  name,
  table: from,
  foreignTable: to,
  columns: cols,
  foreignColumns: ['id'],
  unique,
});

const cache = buildSchemaCache(
  'public',
  JSON.stringify({
    tables: [
      table('orders', ['id', 'billing_id', 'shipping_id']),
      table('addresses', ['id']),
      table('people', ['id', 'mentor_id']),
    ],
    functions: [],
    roles: [],
    allRoles: [],
    relationships: [
      fk('orders_shipping_fkey', 'orders', ['shipping_id'], 'addresses'),
      fk('orders_billing_fkey', 'orders', ['billing_id'], 'addresses'),
      fk('people_mentor_id_fkey', 'people', ['mentor_id'], 'people'),
    ],
  }),
);

const req = (resource: string, query: string): RestRequest => ({
  method: 'GET',
  resource: { kind: 'table', name: resource },
  query,
  headers: {},
  body: undefined,
});

describe('findRelationship', () => {
  it('reads a target as a table, a foreign key, or a foreign key column', () => {
    expect(() => findRelationship(cache, 'orders', 'addresses', undefined)).toThrowError(
      expect.objectContaining({ code: 'PGRST201', status: 300 }),
    );
    expect(findRelationship(cache, 'orders', 'orders_billing_fkey', undefined).columns).toEqual([
      ['billing_id', 'id'],
    ]);
    expect(findRelationship(cache, 'orders', 'shipping_id', undefined).constraint).toBe(
      'orders_shipping_fkey',
    );
    expect(findRelationship(cache, 'addresses', 'orders', 'billing_id')).toMatchObject({
      cardinality: 'one-to-many',
      columns: [['id', 'billing_id']],
    });
  });

  it('a self-reference: the table name is the children, the column the parent', () => {
    expect(findRelationship(cache, 'people', 'people', undefined).cardinality).toBe('one-to-many');
    expect(findRelationship(cache, 'people', 'mentor_id', undefined).cardinality).toBe(
      'many-to-one',
    );
  });
});

describe('planning embeds', () => {
  it('compiles every embed into the one statement as LATERAL joins, values as parameters', () => {
    const plan = prepareRequest(
      req('addresses', 'select=id,billed:orders!billing_id(id)&billed.id=gt.5&billed.limit=3'),
      cache,
      { maxRows: 1000 },
    );
    const { text, values } = plan.statement;
    expect(text.match(/JOIN LATERAL/g)).toHaveLength(1);
    expect(text).toContain('"pgrst_t1"."billing_id" = "public"."addresses"."id"');
    expect(text).toContain(`COALESCE("pgrst_e1"."pgrst_e1", '[]') AS "billed"`);
    expect(values).toEqual(expect.arrayContaining(['5', '3']));
    expect(plan.lane).toBe('bulk');
  });

  it('a parameter on a target that has an alias is PGRST108, as PostgREST says', () => {
    expect(() =>
      prepareRequest(req('addresses', 'select=b:orders!billing_id(id)&orders.id=eq.1'), cache),
    ).toThrowError(
      expect.objectContaining({
        code: 'PGRST108',
        details: 'Target names are not allowed in filters if they have an alias',
      }),
    );
  });

  it('wide or deep embeds wait in the costly lane', () => {
    const wide = Array.from({ length: 5 }, (_, i) => `m${i}:mentor_id(id)`).join(',');
    expect(prepareRequest(req('people', `select=${wide}`), cache).lane).toBe('costly');
    const deep = 'select=people(people(people(id)))';
    expect(prepareRequest(req('people', deep), cache).lane).toBe('costly');
  });
});
