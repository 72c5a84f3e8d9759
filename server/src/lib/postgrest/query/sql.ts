import { assertNoNul } from '../request/bounds.ts';

/** SQL text and its `$n` parameters, built together so a value can never land in the text. */
export interface Statement {
  text: string;
  values: Array<string | null>;
}

/**
 * A quoted identifier (PostgREST's pgFmtIdent): `"` doubled. A NUL would cut the statement's
 * text short on the wire and break the connection (a 503), so it is a 400 here.
 */
export function ident(name: string): string {
  assertNoNul(name, 'identifier');
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/**
 * Collects parameters. Values are sent untyped (node-postgres sends type 0), exactly like
 * PostgREST's `unknown` encoder, so PostgreSQL infers each from its context: `"draw_date" = $1`
 * reads `$1` as a date. Identical texts with different values share one prepared statement.
 */
export class Params {
  readonly values: Array<string | null> = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A PostgreSQL array literal of text elements (pgBuildArrayLiteral): every element quoted, so
 * commas, braces and the word NULL inside a value stay data.
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
