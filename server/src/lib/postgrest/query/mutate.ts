import { bodySql, capBody, RESPONSE_GUCS, selectSql, whereSql } from './fragments.ts';
import { embedSql } from './embed.ts';
import type { DeletePlan, InsertPlan, MutationBase, UpdatePlan } from '../plan/types.ts';
import { ident, Params, qualified, type Statement } from './sql.ts';

/** A counter PostgREST keeps in a GUC to tell inserted rows from merged ones (addConfigPgrstInserted). */
const INSERTED = "nullif(current_setting('pgrst.inserted', true), '')";
const bump = (sign: '+' | '-', sentinel: string) =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED}::int, 0) ${sign} 1)::text, true) <> '${sentinel}'`;

function returningSql(from: string, plan: MutationBase): string {
  if (plan.returning === 'minimal') return 'RETURNING 1';
  if (plan.returning === 'headers-only') {
    return plan.primaryKey.length === 0
      ? 'RETURNING 1'
      : `RETURNING ${plan.primaryKey.map((c) => `${from}.${ident(c)}`).join(', ')}`;
  }
  if (plan.select === '*' || plan.select.some((item) => item.field.name === '*'))
    return `RETURNING ${from}.*`;
  // The columns each embed joins on are returned too, as PostgREST's inferColsEmbedNeeds.
  const joined = (plan.embeds ?? []).flatMap((node) => node.rel.columns.map(([column]) => column));
  const names = [...new Set([...plan.select.map((item) => item.field.name), ...joined])];
  if (names.length === 0) return 'RETURNING 1';
  return `RETURNING ${names.map((c) => `${from}.${ident(c)}`).join(', ')}`;
}

/** The rows of the JSON body, typed by the catalog (fromJsonBodyF). */
function bodySource(plan: InsertPlan | UpdatePlan, params: Params, many: boolean): string {
  const typed = plan.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const fn = many ? 'json_to_recordset' : 'json_to_record';
  if (!('useDefaults' in plan) || !plan.useDefaults)
    return `${fn}(${params.add(plan.body)}) AS pgrst_body(${typed})`;
  const defaults = plan.columns
    .filter((c) => c.default !== null)
    .map((c) => `${params.add(c.name)}::text, ${c.default}`)
    .join(', ');
  // Defaults first, then the row: a key the client sent wins over the default.
  const rows = `(SELECT jsonb_agg(jsonb_build_object(${defaults}) || elem) FROM jsonb_array_elements(${params.add(plan.body)}::jsonb) elem)`;
  return `jsonb_to_recordset(${rows}) AS pgrst_body(${typed})`;
}

function wrap(statement: string, plan: MutationBase, params: Params, inserted: string): string {
  const wantsBody = plan.returning === 'full' || plan.returning === 'headers-only';
  const full = wantsBody && plan.returning === 'full';
  const embeds = full
    ? embedSql(plan.schema, 'pgrst_source', plan.embeds ?? [], params)
    : undefined;
  const own =
    plan.select === '*' || plan.select.length > 0
      ? [selectSql('pgrst_source', plan.select, params)]
      : [];
  const outer = embeds ? [...own, ...embeds.selects].join(', ') : '*';
  const body = wantsBody
    ? bodySql(plan.singular && plan.returning === 'full', plan.stripNulls)
    : "''";
  return capBody(
    `WITH pgrst_source AS (${statement})`,
    `SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body, ` +
      `${RESPONSE_GUCS}, ${inserted} AS response_inserted FROM (SELECT ${outer} FROM pgrst_source${embeds?.joins ?? ''}) _postgrest_t`,
    true,
  );
}

/** POST: one INSERT for every row of the body (mutatePlanToQuery Insert). */
export function compileInsert(plan: InsertPlan): Statement {
  const params = new Params();
  const from = qualified(plan.schema, plan.table);
  const names = plan.columns.map((c) => ident(c.name));
  const merge = plan.onConflict?.resolution === 'merge-duplicates';
  const source =
    plan.columns.length > 0
      ? bodySource(plan, params, true)
      : `json_array_elements(${params.add(plan.body)}) pgrst_body`;
  let sql =
    `INSERT INTO ${from}${names.length > 0 ? `(${names.join(', ')})` : ''} ` +
    `SELECT ${names.map((n) => `pgrst_body.${n}`).join(', ')} FROM ${source}${merge ? ` WHERE ${bump('+', '0')}` : ''}`;
  if (plan.onConflict && plan.onConflict.columns.length > 0) {
    sql += ` ON CONFLICT(${plan.onConflict.columns.map(ident).join(', ')}) `;
    sql +=
      !merge || names.length === 0
        ? 'DO NOTHING'
        : `DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')} WHERE ${bump('-', '-1')}`;
  }
  sql += ` ${returningSql(from, plan)}`;
  return {
    text: wrap(sql, plan, params, merge ? `${INSERTED}::int` : 'null::int'),
    values: params.values,
  };
}

/** PATCH: the body's columns on every row the filters match. */
export function compileUpdate(plan: UpdatePlan): Statement {
  const params = new Params();
  const from = qualified(plan.schema, plan.table);
  let sql: string;
  if (plan.columns.length === 0) {
    // `UPDATE … SET` with nothing to set is invalid SQL; PostgREST answers with no rows instead.
    const cols = plan.returning === 'minimal' ? '1' : `${from}.*`;
    sql = `SELECT ${cols} FROM ${from} WHERE false`;
  } else {
    const sets = plan.columns
      .map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`)
      .join(', ');
    sql = `UPDATE ${from} SET ${sets} FROM ${bodySource(plan, params, false)}${whereSql(from, plan.where, params)} ${returningSql(from, plan)}`;
  }
  return { text: wrap(sql, plan, params, 'null::int'), values: params.values };
}

/** DELETE: every row the filters match. */
export function compileDelete(plan: DeletePlan): Statement {
  const params = new Params();
  const from = qualified(plan.schema, plan.table);
  const sql = `DELETE FROM ${from}${whereSql(from, plan.where, params)} ${returningSql(from, plan)}`;
  return { text: wrap(sql, plan, params, 'null::int'), values: params.values };
}
