import { queryParamError, type PostgrestError } from '../response/errors.ts';
import type { Field, JsonStep } from './types.ts';

/**
 * A hand-written scanner for PostgREST's query-string grammar. Errors read like the Parsec errors
 * PostgREST returns: message `"failed to parse filter (x)" (line 1, column 3)`, details
 * `unexpected "x" expecting …`.
 */
export class Cursor {
  pos = 0;

  constructor(
    readonly input: string,
    private readonly what: string,
  ) {}

  get rest(): string {
    return this.input.slice(this.pos);
  }

  eof(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string, expecting = `"${text}"`): void {
    if (!this.eat(text)) throw this.error(expecting);
  }

  /**
   * The inside of a double-quoted token, its opening quote already passed, up to the closing
   * quote or the end (neither taken): a backslash keeps the character after it, as PostgREST's
   * pQuotedValue (`pCharsOrSlashed`) reads quoted names and list elements.
   */
  quotedText(): string {
    let out = '';
    while (!this.eof() && this.peek() !== '"') {
      if (this.peek() === '\\') this.pos++;
      out += this.peek();
      this.pos++;
    }
    return out;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  error(expecting: string): PostgrestError {
    const unexpected = this.eof() ? 'end of input' : `"${this.peek()}"`;
    return queryParamError(
      `"failed to parse ${this.what} (${this.input})" (line 1, column ${this.pos + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  }
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;
const JSON_KEY_CHAR = /[^(\-:.,>)]/;

function quoted(c: Cursor): string | undefined {
  if (c.peek() !== '"') return undefined;
  c.pos++;
  const out = c.quotedText();
  c.expect('"', 'closing quote');
  return out;
}

/** Characters matching `allowed`, in dash-separated runs (a dash never followed by `>`). */
function dashed(c: Cursor, allowed: RegExp, strip: boolean): string | undefined {
  const parts: string[] = [];
  for (;;) {
    const start = c.pos;
    while (!c.eof() && allowed.test(c.peek())) c.pos++;
    if (c.pos === start) {
      if (parts.length === 0) return undefined;
      c.pos--; // give the dash back: `a-` is `a` followed by `-`
      break;
    }
    const part = c.input.slice(start, c.pos);
    parts.push(strip ? part.trim() : part);
    if (c.peek() === '-' && c.peek(1) !== '>') c.pos++;
    else break;
  }
  return parts.join('-');
}

/** pFieldName: a quoted name, or letters, digits, `_`, `$` and spaces (trimmed) joined by dashes. */
export function fieldName(c: Cursor): string {
  const name = quoted(c) ?? dashed(c, IDENTIFIER_CHAR, true);
  if (name === undefined) throw c.error('field name (* or [a..z0..9_$])');
  return name;
}

export function tryFieldName(c: Cursor): string | undefined {
  return c.peek() === '"' ? quoted(c) : dashed(c, IDENTIFIER_CHAR, true);
}

/** pJsonPath: `->key`, `->>key`, `->0`, `->>-1`. */
export function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.startsWith('->>') ? '->>' : c.startsWith('->') ? '->' : undefined;
    if (!arrow) return steps;
    c.pos += arrow.length;
    const index = /^-?\d+/.exec(c.rest)?.[0];
    const after = index === undefined ? '' : c.rest.slice(index.length);
    if (index !== undefined && (after === '' || /^(->|::|\.|,)/.test(after))) {
      c.pos += index.length;
      steps.push({ arrow, key: index, index: true });
      continue;
    }
    const key = quoted(c) ?? dashed(c, JSON_KEY_CHAR, true);
    if (key === undefined) throw c.error('any non reserved character different from: .,>()');
    steps.push({ arrow, key, index: false });
  }
}

/** pField: a field name and its JSON path, spaces allowed around. */
export function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.skipSpaces();
  return { name, json };
}

/** pIdentifier, used for casts: letters, digits, `_`, `$`, spaces, trimmed. */
export function identifier(c: Cursor, expecting: string): string {
  const start = c.pos;
  while (!c.eof() && IDENTIFIER_CHAR.test(c.peek())) c.pos++;
  const text = c.input.slice(start, c.pos).trim();
  if (text === '') throw c.error(expecting);
  return text;
}

/** pColumns: field names separated by commas (`columns`, `on_conflict`). */
export function columnList(input: string, what: string): string[] {
  const c = new Cursor(input, what);
  const names: string[] = [];
  do {
    c.skipSpaces();
    names.push(fieldName(c));
    c.skipSpaces();
  } while (c.eat(','));
  if (!c.eof()) throw c.error('"," or end of input');
  return names;
}
