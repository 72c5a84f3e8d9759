import type pg from 'pg';

/** One column of a table or view, or one field of a function's result, as the catalog has it. */
export interface Column {
  name: string;
  /** `pg_type.typname`: `int4`, `_text`, an enum's name… */
  type: string;
  /** `e` for enums (their labels are in `Schema.enums`). */
  typeKind: string;
  nullable: boolean;
  /** Insert may omit it: a default, a serial, an identity by default. */
  hasDefault: boolean;
  /** Identity `always` or a generated column: the client may never write it. */
  neverWritten: boolean;
}

export interface Relationship {
  name: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  relationships: Relationship[];
}

export interface Argument {
  name: string;
  type: string;
  typeKind: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: Argument[];
  /** `pg_type.typname` of the result, `record`/a table's row type for composite results. */
  returns: { type: string; typeKind: string; set: boolean; fields: Column[] };
}

export interface Schema {
  relations: Relation[];
  functions: DbFunction[];
  enums: { name: string; labels: string[] }[];
}

const relationsSql = `
  select c.relname as name, case c.relkind when 'v' then 'view' when 'm' then 'view' else 'table' end as kind,
         coalesce(json_agg(json_build_object(
           'name', a.attname, 'type', t.typname, 'typeKind', t.typtype,
           'nullable', not a.attnotnull or c.relkind in ('v', 'm'),
           'hasDefault', a.atthasdef or a.attidentity = 'd',
           'neverWritten', a.attidentity = 'a' or a.attgenerated <> ''
         ) order by a.attname) filter (where a.attnum > 0), '[]') as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_type t on t.oid = a.atttypid
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
  group by c.oid, c.relname, c.relkind
  order by c.relname`;

// Only keys between two relations of the schema: a client can embed nothing else.
const relationshipsSql = `
  select con.conname as name, src.relname as relation, dst.relname as "referencedRelation",
         array(select attname::text from unnest(con.conkey) with ordinality k(num, i)
               join pg_attribute on attrelid = con.conrelid and attnum = k.num order by k.i) as columns,
         array(select attname::text from unnest(con.confkey) with ordinality k(num, i)
               join pg_attribute on attrelid = con.confrelid and attnum = k.num order by k.i)
           as "referencedColumns",
         exists (select 1 from pg_index ix where ix.indrelid = con.conrelid and ix.indisunique
                 and (select array_agg(x order by x) from unnest(ix.indkey::int2[]) x)
                   = (select array_agg(x order by x) from unnest(con.conkey) x)) as "isOneToOne"
  from pg_constraint con
  join pg_class src on src.oid = con.conrelid
  join pg_class dst on dst.oid = con.confrelid
  join pg_namespace n on n.oid = src.relnamespace
  join pg_namespace dn on dn.oid = dst.relnamespace
  where con.contype = 'f' and n.nspname = $1 and dn.nspname = $1
  order by con.conname`;

const functionsSql = `
  select p.proname as name, p.proretset as set, rt.typname as "returnType", rt.typtype as "returnKind",
         coalesce((select json_agg(json_build_object(
             'name', coalesce(p.proargnames[i], ''), 'type', t.typname, 'typeKind', t.typtype,
             'mode', coalesce(p.proargmodes[i], 'i')) order by i)
           -- proargtypes is an oidvector, indexed from 0: count positions with ordinality.
           from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality arg(oid, i)
           join pg_type t on t.oid = arg.oid), '[]') as args,
         p.pronargdefaults as defaults,
         rel.relname as "returnRelation"
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rel on rel.oid = rt.typrelid and rel.relkind in ('r', 'p', 'v', 'm')
  where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  order by p.proname, p.oid`;

const enumsSql = `
  select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
  join pg_enum e on e.enumtypid = t.oid
  where n.nspname = $1
  group by t.typname
  order by t.typname`;

interface FunctionRow {
  name: string;
  set: boolean;
  returnType: string;
  returnKind: string;
  args: { name: string; type: string; typeKind: string; mode: string }[];
  defaults: number;
  returnRelation: string | null;
}

/** Reads what `supabase gen types` describes of one schema: relations, keys, functions, enums. */
export async function introspect(client: pg.ClientBase, schema = 'public'): Promise<Schema> {
  // One after another: a pg client runs one query at a time.
  const relations = await client.query<Omit<Relation, 'relationships'>>(relationsSql, [schema]);
  const keys = await client.query<Relationship & { relation: string }>(relationshipsSql, [schema]);
  const functions = await client.query<FunctionRow>(functionsSql, [schema]);
  const enums = await client.query<{ name: string; labels: string[] }>(enumsSql, [schema]);
  const byName = new Map(relations.rows.map((r) => [r.name, r]));
  return {
    relations: relations.rows.map((relation) => ({
      ...relation,
      relationships: keys.rows
        .filter((key) => key.relation === relation.name)
        .map(({ relation: _relation, ...key }) => key),
    })),
    functions: functions.rows.map((row) => {
      const inputs = row.args.filter((arg) => ['i', 'b', 'v'].includes(arg.mode));
      const outputs = row.args.filter((arg) => ['o', 'b', 't'].includes(arg.mode));
      const firstDefault = inputs.length - row.defaults;
      const asColumn = (arg: (typeof row.args)[number]): Column => ({
        ...arg,
        nullable: true,
        hasDefault: false,
        neverWritten: false,
      });
      return {
        name: row.name,
        args: inputs.map((arg, i) => ({ ...arg, hasDefault: i >= firstDefault })),
        returns: {
          type: row.returnType,
          typeKind: row.returnKind,
          set: row.set,
          fields:
            outputs.length > 0
              ? outputs.map(asColumn)
              : (byName.get(row.returnRelation ?? '')?.columns ?? []),
        },
      };
    }),
    enums: enums.rows,
  };
}
