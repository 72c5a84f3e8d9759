import { describe, expect, it } from 'vitest';
import { buildSchemaCache } from './schema-cache.ts';

// The schema cache alone: the catalog's JSON (SCHEMA_CACHE_SQL's shape) in, lookups out.
describe('buildSchemaCache', () => {
  const cache = buildSchemaCache(
    'public',
    JSON.stringify({
      tables: [
        {
          name: 'v',
          kind: 'v',
          primaryKey: [],
          indexed: ['a'],
          columns: [{ name: 'a', type: 'integer', nullable: true, default: null }],
        },
      ],
      functions: [
        {
          name: 'f',
          defaults: 1,
          returnsSet: true,
          returnType: 'setof integer',
          volatility: 's',
          returnsVoid: false,
          returnsComposite: false,
          params: [
            { name: 'x', type: 'integer', variadic: false },
            { name: 'y', type: 'text', variadic: false },
          ],
        },
      ],
      roles: [],
      allRoles: ['postgres'],
    }),
  );

  it('indexes tables by name and columns by name, with the columns that lead an index', () => {
    const table = cache.tables.get('v')!;
    expect(table.kind).toBe('view');
    expect(table.columnsByName.get('a')?.type).toBe('integer');
    expect([...table.indexed]).toEqual(['a']);
  });

  it('gives the last parameters their defaults, and a function its default COST', () => {
    const [f] = cache.functions.get('f')!;
    expect(f!.params.map((p) => p.hasDefault)).toEqual([false, true]);
    expect(f).toMatchObject({ volatility: 'stable', cost: 100, description: null });
  });

  it('falls back to the Supabase API roles on a bare server', () => {
    expect([...cache.roles]).toEqual(['anon', 'authenticated', 'service_role']);
    expect(cache.allRoles.has('postgres') && cache.allRoles.has('anon')).toBe(true);
    expect(cache.relationships).toEqual([]);
  });
});
