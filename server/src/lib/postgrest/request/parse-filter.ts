import { Cursor, field } from './cursor.ts';
import { LIMITS } from '../limits.ts';
import { tooDeepLogic } from './bounds.ts';
import { IS_VALUES, operatorNamed, type IsValue } from '../operators.ts';
import type { Filter, LogicTree, Operation } from './types.ts';

const OPERATOR = 'operator (eq, gt, ...)';

/** How a value ends: a top-level filter takes the rest of the string, a logic tree stops at `,` `)`. */
type ValueParser = (c: Cursor) => string;

const restOfInput: ValueParser = (c) => {
  const value = c.rest;
  c.pos = c.input.length;
  return value;
};

/** pLogicSingleVal: a quoted value, a `{…}` array literal, or anything up to `,` or `)`. */
const logicValue: ValueParser = (c) => {
  if (c.peek() === '"') {
    const start = c.pos;
    const value = quotedListElement(c);
    if (value !== undefined) return value;
    c.pos = start;
  }
  if (c.peek() === '{') {
    const end = c.input.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.input.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  return until(c, ',)');
};

function until(c: Cursor, stops: string): string {
  const start = c.pos;
  while (!c.eof() && !stops.includes(c.peek())) c.pos++;
  return c.input.slice(start, c.pos);
}

/** A quoted list element counts only when a `,` or `)` follows it (pListElement). */
function quotedListElement(c: Cursor): string | undefined {
  c.pos++;
  const out = c.quotedText();
  if (!c.eat('"')) return undefined;
  return c.eof() || ',)'.includes(c.peek()) ? out : undefined;
}

/** pListVal: `(a,b,"c,d")`, spaces allowed around the parentheses. */
function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  const values: string[] = [];
  do {
    const start = c.pos;
    const value = c.peek() === '"' ? quotedListElement(c) : undefined;
    if (value === undefined) c.pos = start;
    values.push(value ?? until(c, ',)'));
  } while (c.eat(','));
  c.skipSpaces();
  c.expect(')', '")" or ","');
  c.skipSpaces();
  return values;
}

/** pOpExpr: `[not.]op[(quantifier|language)].value`. */
function opExpr(c: Cursor, value: ValueParser): { negated: boolean; operation: Operation } {
  const negated = c.eat('not.');
  const name = /^[a-z_]+/.exec(c.rest)?.[0] ?? '';
  c.pos += name.length;
  const spec = operatorNamed(name);
  switch (spec?.kind) {
    case 'in':
      c.expect('.', 'delimiter (.)');
      return { negated, operation: { kind: 'in', values: listValue(c) } };
    case 'is': {
      c.expect('.', 'delimiter (.)');
      const word = /^[A-Za-z_]+/.exec(c.rest)?.[0] ?? '';
      if (!Object.hasOwn(IS_VALUES, word.toLowerCase()))
        throw c.error(`isVal: (${Object.keys(IS_VALUES).join(', ')})`);
      c.pos += word.length;
      return { negated, operation: { kind: 'is', value: word.toLowerCase() as IsValue } };
    }
    case 'isdistinct':
      c.expect('.', 'delimiter (.)');
      return { negated, operation: { kind: 'isdistinct', value: value(c) } };
    case 'fts': {
      const language = c.eat('(') ? until(c, ')') : undefined;
      if (language !== undefined) c.expect(')');
      c.expect('.', 'delimiter (.)');
      return { negated, operation: { kind: 'fts', op: spec.name, language, value: value(c) } };
    }
    case 'simple':
      c.expect('.', 'delimiter (.)');
      return { negated, operation: { kind: 'simple', op: spec.name, value: value(c) } };
    case 'quant': {
      let quantifier: 'any' | 'all' | undefined;
      if (c.eat('(any)')) quantifier = 'any';
      else if (c.eat('(all)')) quantifier = 'all';
      c.expect('.', 'delimiter (.)');
      return { negated, operation: { kind: 'quant', op: spec.name, quantifier, value: value(c) } };
    }
  }
  c.pos -= name.length;
  throw c.error(negated ? OPERATOR : `"not" or ${OPERATOR}`);
}

/** The value of `?col=<value>`: an operator expression over the rest of the string. */
export function parseFilterValue(input: string): { negated: boolean; operation: Operation } {
  const c = new Cursor(input, 'filter');
  const expr = opExpr(c, restOfInput);
  if (!c.eof()) throw c.error('end of input');
  return expr;
}

/** Tells whether `?name=<value>` is a filter at all: on GET /rpc, plain values are arguments. */
export function hasOperator(input: string): boolean {
  try {
    parseFilterValue(input);
    return true;
  } catch {
    return false;
  }
}

/** `?or=(a.eq.1,b.gt.2)` with key `or`, `and`, `not.or` or `not.and` (pLogicTree). */
export function parseLogicTree(op: string, input: string): LogicTree {
  const c = new Cursor(op + input, 'logic tree');
  const tree = logicTree(c);
  if (!c.eof()) throw c.error('end of input');
  return tree;
}

function logicTree(c: Cursor, depth = 1): LogicTree {
  const start = c.pos;
  const negated = c.eat('not.');
  const op = c.eat('and') ? 'and' : c.eat('or') ? 'or' : undefined;
  if (op !== undefined && (c.skipSpaces(), c.peek() === '(')) {
    if (depth > LIMITS.logicDepth) tooDeepLogic();
    c.pos++;
    const children: LogicTree[] = [];
    do {
      c.skipSpaces();
      children.push(logicTree(c, depth + 1));
      c.skipSpaces();
    } while (c.eat(','));
    c.expect(')', '"," or ")"');
    return { kind: 'expr', negated, op, children };
  }
  c.pos = start;
  return { kind: 'filter', filter: logicFilter(c) };
}

function logicFilter(c: Cursor): Filter {
  const target = field(c);
  c.expect('.', 'delimiter (.)');
  const { negated, operation } = opExpr(c, logicValue);
  return { field: target, negated, operation };
}
