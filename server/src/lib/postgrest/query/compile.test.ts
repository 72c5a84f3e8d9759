import { describe, expect, it } from 'vitest';
import { castType } from './fragments.ts';
import { compileCall } from './call.ts';
import { compileDelete, compileInsert, compileUpdate } from './mutate.ts';
import type { ReadPlan } from '../plan/types.ts';
import { compileRead } from './read.ts';
import { parseQuery } from '../request/parse-query.ts';
import type { Routine } from '../schema-cache/schema-cache.ts';

function read(query: string, extra: Partial<ReadPlan> = {}) {
  const q = parseQuery(query);
  return compileRead({
    schema: 'public',
    table: 'lottery_results',
    select: q.select,
    embeds: [],
    where: q.where,
    order: q.order,
    range: q.range,
    count: false,
    singular: false,
    stripNulls: false,
    headersOnly: false,
    ...extra,
  });
}

const T = '"public"."lottery_results"';

describe('compileRead', () => {
  it('compiles the day query with quoted identifiers and parameters only', () => {
    const { text, values } = read('select=*&draw_date=eq.2024-05-01&order=draw_hour.desc');
    expect(text).toBe(
      `WITH pgrst_source AS (SELECT ${T}.* FROM ${T} WHERE ${T}."draw_date" = $1 ORDER BY ${T}."draw_hour" DESC), ` +
        "pgrst_r AS (SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body, " +
        "nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status " +
        'FROM (SELECT * FROM pgrst_source) _postgrest_t) ' +
        // The body never leaves PostgreSQL when it is larger than LIMITS.responseBytes.
        'SELECT pgrst_r.total_result_set, pgrst_r.page_total, CASE WHEN octet_length(pgrst_r.body) > 67108864 THEN NULL ELSE pgrst_r.body END AS body, ' +
        'octet_length(pgrst_r.body) AS body_bytes, pgrst_r.response_headers, pgrst_r.response_status FROM pgrst_r',
    );
    expect(values).toEqual(['2024-05-01']);
  });

  it('keeps hostile input out of the SQL text', () => {
    const { text, values } = read(
      `select=${encodeURIComponent('"x":"y\\"\'"::text')}&${encodeURIComponent('"a\\"; drop table x; --"')}=eq.${encodeURIComponent("'); drop table x; --")}&b=in.(1,"2\\"3")&c=like.*%25*`,
    );
    expect(text).toContain(`CAST(${T}."y""'" AS "text") AS "x"`);
    expect(text).toContain(`${T}."a""; drop table x; --" = $1`);
    expect(text).not.toContain("drop table x; --'");
    expect(values).toEqual(["'); drop table x; --", '{"1","2\\"3"}', '%%%']);
  });

  it('compiles renames, casts, JSON paths, logic trees, nulls order and paging', () => {
    const { text, values } = read(
      'select=h:draw_hour::text,data->a->>b&or=(draw_hour.gt.5,not.and(draw_hour.lt.2,first_prize.is.null))&order=draw_date.asc.nullsfirst&limit=10&offset=20',
    );
    expect(text).toContain(`CAST(${T}."draw_hour" AS "text") AS "h", ${T}."data"->$3->>$4 AS "b"`);
    expect(text).toContain(
      `WHERE (${T}."draw_hour" > $1 OR NOT (${T}."draw_hour" < $2 AND ${T}."first_prize" IS NULL))`,
    );
    expect(text).toContain(`ORDER BY ${T}."draw_date" ASC NULLS FIRST LIMIT $5 OFFSET $6`);
    expect(values).toEqual(['5', '2', 'a', 'b', '10', '20']);
  });

  it('counts in the same statement, separately only when paging', () => {
    expect(read('', { count: true }).text).toContain(
      'SELECT pg_catalog.count(_postgrest_t) AS total_result_set',
    );
    const paged = read('limit=1&draw_hour=eq.1', { count: true }).text;
    expect(paged).toContain(
      `pgrst_source_count AS (SELECT 1 FROM ${T} WHERE ${T}."draw_hour" = $1)`,
    );
    expect(paged).toContain(
      '(SELECT pg_catalog.count(*) FROM pgrst_source_count) AS total_result_set',
    );
  });

  it('asks for one object, and skips the body for HEAD', () => {
    expect(read('', { singular: true }).text).toContain(
      "coalesce((json_agg(_postgrest_t)->0)::text, 'null') AS body",
    );
    expect(read('', { headersOnly: true }).text).toContain("'' AS body");
  });

  it('maps keyword types to their catalog names', () => {
    expect(castType('integer')).toBe('"int4"');
    expect(castType('double  precision')).toBe('"float8"');
    expect(castType('uuid')).toBe('"uuid"');
  });
});

const columns = [
  { name: 'draw_hour', type: 'integer', nullable: false, default: null },
  { name: 'id', type: 'uuid', nullable: false, default: 'gen_random_uuid()' },
];
const base = {
  schema: 'public',
  table: 'lottery_results',
  select: '*' as const,
  primaryKey: ['id'],
  singular: false,
  stripNulls: false,
};

describe('mutations', () => {
  it('inserts every row in ONE statement, typed by the catalog', () => {
    const { text, values } = compileInsert({
      ...base,
      returning: 'minimal',
      body: '[{"draw_hour":1},{"draw_hour":2}]',
      columns,
      useDefaults: false,
    });
    expect(text).toContain(
      `INSERT INTO ${T}("draw_hour", "id") SELECT pgrst_body."draw_hour", pgrst_body."id" FROM json_to_recordset($1) AS pgrst_body("draw_hour" integer, "id" uuid) RETURNING 1`,
    );
    expect(values).toEqual(['[{"draw_hour":1},{"draw_hour":2}]']);
  });

  it('upserts with ON CONFLICT and counts what was really inserted', () => {
    const merge = compileInsert({
      ...base,
      returning: 'full',
      body: '[]',
      columns,
      useDefaults: false,
      onConflict: { columns: ['id'], resolution: 'merge-duplicates' },
    }).text;
    expect(merge).toContain(
      'ON CONFLICT("id") DO UPDATE SET "draw_hour" = EXCLUDED."draw_hour", "id" = EXCLUDED."id" WHERE set_config',
    );
    expect(merge).toContain(`RETURNING ${T}.*`);
    expect(merge).toContain(
      "nullif(current_setting('pgrst.inserted', true), '')::int AS response_inserted",
    );
    const ignore = compileInsert({
      ...base,
      returning: 'minimal',
      body: '[]',
      columns,
      useDefaults: false,
      onConflict: { columns: ['id'], resolution: 'ignore-duplicates' },
    }).text;
    expect(ignore).toContain('ON CONFLICT("id") DO NOTHING RETURNING 1');
  });

  it('fills missing keys from column defaults with missing=default', () => {
    const { text, values } = compileInsert({
      ...base,
      returning: 'minimal',
      body: '[{}]',
      columns,
      useDefaults: true,
    });
    expect(text).toContain(
      'jsonb_build_object($1::text, gen_random_uuid()) || elem) FROM jsonb_array_elements($2::jsonb) elem',
    );
    expect(values).toEqual(['id', '[{}]']);
  });

  it('updates and deletes with filters, returning only what is asked', () => {
    const where = parseQuery('id=eq.x').where;
    const update = compileUpdate({
      ...base,
      returning: 'minimal',
      body: '{"draw_hour":3}',
      columns: [columns[0]!],
      where,
    });
    expect(update.text).toContain(
      `UPDATE ${T} SET "draw_hour" = pgrst_body."draw_hour" FROM json_to_record($1) AS pgrst_body("draw_hour" integer) WHERE ${T}."id" = $2 RETURNING 1`,
    );
    expect(
      compileUpdate({ ...base, returning: 'full', body: '{}', columns: [], where }).text,
    ).toContain(`SELECT ${T}.* FROM ${T} WHERE false`);
    const del = compileDelete({
      ...base,
      returning: 'full',
      select: [{ field: { name: 'id', json: [] } }],
      where,
    });
    expect(del.text).toContain(`DELETE FROM ${T} WHERE ${T}."id" = $1 RETURNING ${T}."id"`);
  });
});

describe('compileCall', () => {
  const routine: Routine = {
    name: 'draws',
    params: [{ name: 'day', type: 'date', hasDefault: false, variadic: false }],
    returnType: 'public.lottery_results',
    returnsSet: true,
    returnsComposite: true,
    returnsVoid: false,
    volatility: 'stable',
    cost: 100,
  };
  const plan = {
    schema: 'public',
    routine,
    select: '*' as const,
    where: [],
    order: [],
    range: { offset: 0 },
    count: false,
    singular: false,
    stripNulls: false,
    headersOnly: false,
  };

  it('passes a JSON body through json_to_record, typed by the catalog', () => {
    const { text, values } = compileCall({
      ...plan,
      args: { kind: 'json', body: '{"day":"2024-05-01"}', params: routine.params },
    });
    expect(text).toContain(
      'SELECT pgrst_call.* FROM json_to_record($1) AS pgrst_body("day" date), LATERAL "public"."draws"("day" := pgrst_body."day") pgrst_call',
    );
    expect(values).toEqual(['{"day":"2024-05-01"}']);
  });

  it('casts query-string arguments, and shapes scalar results', () => {
    const scalar = {
      ...routine,
      returnsSet: false,
      returnsComposite: false,
      returnType: 'integer',
    };
    const { text } = compileCall({
      ...plan,
      routine: scalar,
      args: { kind: 'query', values: [[routine.params[0]!, '2024-05-01']] },
    });
    expect(text).toContain('FROM "public"."draws"("day" := $1::date) AS pgrst_call(pgrst_scalar)');
    expect(text).toContain(
      "coalesce((json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null') AS body",
    );
  });
});
