import { Cursor, field, tryFieldName } from './cursor.ts';
import { invalidRange } from '../response/errors.ts';
import type { OrderTerm, Range } from './types.ts';

/** pOrder: `col[.asc|.desc][.nullsfirst|.nullslast]`, comma separated. */
export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input, 'order');
  const terms: OrderTerm[] = [];
  do {
    c.skipSpaces();
    const start = c.pos;
    const name = tryFieldName(c);
    let term: OrderTerm;
    if (name !== undefined && c.eat('(')) {
      // `authors(name).desc`: a column of a to-one embedded resource.
      term = { field: field(c), relation: name };
      c.expect(')', '")"');
    } else {
      c.pos = start;
      term = { field: field(c) };
    }
    if (c.eat('.asc')) term.direction = 'asc';
    else if (c.eat('.desc')) term.direction = 'desc';
    if (c.eat('.nullsfirst')) term.nulls = 'first';
    else if (c.eat('.nullslast')) term.nulls = 'last';
    c.skipSpaces();
    if (!c.eof() && c.peek() !== ',') {
      throw c.error(
        c.peek() === '.' ? '"asc", "desc", "nullsfirst" or "nullslast"' : '"," or end of input',
      );
    }
    terms.push(term);
  } while (c.eat(','));
  return terms;
}

/** Haskell's `readMaybe :: Integer`: optional minus and digits, nothing else. */
function readInteger(value: string): number | undefined {
  return /^-?\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * `limit`/`offset` as PostgREST reads them: a value that is not an integer is ignored, a negative
 * limit is an invalid range (416 PGRST103, as getRanges in ApiRequest.hs).
 */
export function parseLimitOffset(limit: string | undefined, offset: string | undefined): Range {
  const range: Range = { offset: (offset !== undefined ? readInteger(offset) : undefined) ?? 0 };
  const n = limit !== undefined ? readInteger(limit) : undefined;
  if (n !== undefined) {
    if (n < 0) throw invalidRange('Limit should be greater than or equal to zero.');
    range.limit = n;
  }
  return range;
}

/**
 * Intersects the `Range: 0-9` header (GET only) with limit/offset (rangeParse in RangeQuery.hs).
 * Headers that do not match `^\d+-\d*$` are ignored, as PostgREST ignores them.
 */
export function applyRangeHeader(range: Range, header: string | undefined): Range {
  const match = header === undefined ? null : /^(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return range;
  const lower = Number(match[1]);
  const upper = match[2] === '' ? undefined : Number(match[2]);
  if (upper !== undefined && upper < lower) {
    throw invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  if (range.limit === 0) return range; // limit=0 wins over any Range header
  const offset = Math.max(lower, range.offset);
  const ends = [
    upper,
    range.limit === undefined ? undefined : range.offset + range.limit - 1,
  ].filter((end): end is number => end !== undefined);
  if (ends.length === 0) return { offset };
  const end = Math.min(...ends);
  if (end < offset)
    throw invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  return { offset, limit: end - offset + 1 };
}
