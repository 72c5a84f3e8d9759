import { readFileSync } from 'node:fs';
import type { Column, DbFunction, Relation, Schema } from './introspect.ts';

// The generic helpers (`Tables<…>`, `Enums<…>`) that `supabase gen types typescript` appends,
// verbatim, so the app's imports are the same whether the file came from the CLI or from here.
const helperTypes = readFileSync(new URL('./helper-types.txt', import.meta.url), 'utf8');

const json = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]
`;

const strings = new Set([
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp',
  'timestamptz', 'interval', 'bytea', 'inet', 'cidr', 'macaddr', 'citext', 'tsvector', 'money',
]); // prettier-ignore
const numbers = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** The TypeScript type PostgREST's JSON gives a value of this PostgreSQL type. */
function tsType(type: string, typeKind: string, schema: string): string {
  if (type.startsWith('_')) return `${tsType(type.slice(1), typeKind, schema)}[]`;
  if (typeKind === 'e') return `Database["${schema}"]["Enums"]["${type}"]`;
  if (type === 'bool') return 'boolean';
  if (numbers.has(type)) return 'number';
  if (strings.has(type)) return 'string';
  if (type === 'json' || type === 'jsonb' || type === 'record') return 'Json';
  if (type === 'void') return 'undefined';
  return 'unknown';
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');

const none = '{\n  [_ in never]: never\n}';

function block(entries: string[]): string {
  return entries.length === 0 ? none : `{\n${indent(entries.join('\n'), 2)}\n}`;
}

function field(column: Column, schema: string, mode: 'Row' | 'Insert' | 'Update'): string {
  const type = tsType(column.type, column.typeKind, schema);
  const value = column.nullable ? `${type} | null` : type;
  if (mode === 'Row') return `${column.name}: ${value}`;
  if (column.neverWritten) return `${column.name}?: never`;
  const optional = mode === 'Update' || column.nullable || column.hasDefault;
  return `${column.name}${optional ? '?' : ''}: ${value}`;
}

function relationships(relation: Relation): string {
  if (relation.relationships.length === 0) return '[]';
  const items = relation.relationships.map(
    (key) =>
      `{\n  foreignKeyName: "${key.name}"\n  columns: ${JSON.stringify(key.columns)}\n` +
      `  isOneToOne: ${key.isOneToOne}\n  referencedRelation: "${key.referencedRelation}"\n` +
      `  referencedColumns: ${JSON.stringify(key.referencedColumns)}\n},`,
  );
  return `[\n${indent(items.join('\n'), 2)}\n]`;
}

function relationBlock(relation: Relation, schema: string): string {
  const modes =
    relation.kind === 'table' ? (['Row', 'Insert', 'Update'] as const) : (['Row'] as const);
  const parts = modes.map(
    (mode) => `${mode}: ${block(relation.columns.map((column) => field(column, schema, mode)))}`,
  );
  parts.push(`Relationships: ${relationships(relation)}`);
  return `${relation.name}: {\n${indent(parts.join('\n'), 2)}\n}`;
}

function functionBlock(fn: DbFunction, schema: string): string {
  const args = fn.args.filter((arg) => arg.name !== '');
  const argsType =
    args.length === 0
      ? 'never'
      : `{ ${args.map((a) => `${a.name}${a.hasDefault ? '?' : ''}: ${tsType(a.type, a.typeKind, schema)}`).join('; ')} }`;
  const row =
    fn.returns.fields.length > 0
      ? block(fn.returns.fields.map((column) => field(column, schema, 'Row')))
      : tsType(fn.returns.type, fn.returns.typeKind, schema);
  const returns = fn.returns.set ? `${row}[]` : row;
  return `${fn.name}: {\n  Args: ${argsType}\n${indent(`Returns: ${returns}`, 2)}\n}`;
}

/** `src/lib/database.types.ts` for one schema, in the shape `supabase gen types typescript` writes. */
export function renderTypes(db: Schema, schema = 'public'): string {
  const tables = db.relations.filter((r) => r.kind === 'table');
  const views = db.relations.filter((r) => r.kind === 'view');
  const body = [
    `Tables: ${block(tables.map((r) => relationBlock(r, schema)))}`,
    `Views: ${block(views.map((r) => relationBlock(r, schema)))}`,
    `Functions: ${block(db.functions.map((fn) => functionBlock(fn, schema)))}`,
    `Enums: ${block(db.enums.map((e) => `${e.name}: ${e.labels.map((l) => `"${l}"`).join(' | ')}`))}`,
    `CompositeTypes: ${none}`,
  ].join('\n');
  const constants = db.enums.map((e) => `${e.name}: ${JSON.stringify(e.labels)},`);
  return `${json}
export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.2.3 (519615d)"
  }
  ${schema}: {
${indent(body, 4)}
  }
}

${helperTypes}export const Constants = {
  ${schema}: {
    Enums: {
${indent(constants.join('\n'), 6)}
    },
  },
} as const
`;
}
