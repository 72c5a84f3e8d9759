/**
 * Every filter operator of PostgREST's query grammar, spelled once: the parser reads the names
 * (request/parse-filter.ts), the compiler the SQL (query/fragments.ts), the admission the cost
 * (plan/lane.ts), and the fuzz tests' grammar the names again (tests/reliability/grammar-rest.ts).
 * `kind` is the shape of the operation after the name, as PostgREST's Operation in
 * ApiRequest/Types.hs: `quant` takes `(any)`/`(all)` (OpQuanted), `simple` a value, `fts` a
 * language (`fts(english)`), `in` a list, `is` a word of IS_VALUES. The SQL is SqlFragment.hs's.
 * `costly`: the cost per row is the visitor's choice (a pattern, a regular expression, a text
 * search), so the admission sends it to the costly lane (ADR 020). `wildcard`: `*` means `%`.
 */
export const OPERATORS = {
  eq: { kind: 'quant', sql: '=' },
  neq: { kind: 'simple', sql: '<>' },
  gt: { kind: 'quant', sql: '>' },
  gte: { kind: 'quant', sql: '>=' },
  lt: { kind: 'quant', sql: '<' },
  lte: { kind: 'quant', sql: '<=' },
  like: { kind: 'quant', sql: 'LIKE', costly: true, wildcard: true },
  ilike: { kind: 'quant', sql: 'ILIKE', costly: true, wildcard: true },
  match: { kind: 'quant', sql: '~', costly: true },
  imatch: { kind: 'quant', sql: '~*', costly: true },
  in: { kind: 'in', sql: '= ANY' },
  is: { kind: 'is', sql: 'IS' },
  isdistinct: { kind: 'isdistinct', sql: 'IS DISTINCT FROM' },
  cs: { kind: 'simple', sql: '@>' },
  cd: { kind: 'simple', sql: '<@' },
  ov: { kind: 'simple', sql: '&&' },
  sl: { kind: 'simple', sql: '<<' },
  sr: { kind: 'simple', sql: '>>' },
  nxl: { kind: 'simple', sql: '&>' },
  nxr: { kind: 'simple', sql: '&<' },
  adj: { kind: 'simple', sql: '-|-' },
  fts: { kind: 'fts', sql: 'to_tsquery', costly: true },
  plfts: { kind: 'fts', sql: 'plainto_tsquery', costly: true },
  phfts: { kind: 'fts', sql: 'phraseto_tsquery', costly: true },
  wfts: { kind: 'fts', sql: 'websearch_to_tsquery', costly: true },
} as const satisfies Record<string, OperatorSpec>;

export interface OperatorSpec {
  kind: 'quant' | 'simple' | 'fts' | 'in' | 'is' | 'isdistinct';
  sql: string;
  costly?: boolean;
  /** `*` stands for `%`, the URL-friendly wildcard of like/ilike. */
  wildcard?: boolean;
}

export type OperatorName = keyof typeof OPERATORS;
type NamesOf<K extends OperatorSpec['kind']> = {
  [N in OperatorName]: (typeof OPERATORS)[N]['kind'] extends K ? N : never;
}[OperatorName];
export type QuantOp = NamesOf<'quant'>;
export type SimpleOp = NamesOf<'simple'>;
export type FtsOp = NamesOf<'fts'>;

/** The words `is.` takes (pIsVal), with their SQL. */
export const IS_VALUES = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
} as const;
export type IsValue = keyof typeof IS_VALUES;

/** One operator with its name; `kind` tells its name's type (`fts` → FtsOp). */
export type NamedOperator = {
  [N in OperatorName]: (typeof OPERATORS)[N] & { name: N };
}[OperatorName];

/** The operator a name spells, or undefined (own keys only: `constructor` is no operator). */
export function operatorNamed(name: string): NamedOperator | undefined {
  if (!Object.hasOwn(OPERATORS, name)) return undefined;
  return { name, ...OPERATORS[name as OperatorName] } as NamedOperator;
}

/** Whether an operator's cost per row is the visitor's choice (plan/lane.ts). */
export function isCostlyOperator(name: string): boolean {
  const spec: OperatorSpec | undefined = operatorNamed(name);
  return spec?.costly === true;
}
