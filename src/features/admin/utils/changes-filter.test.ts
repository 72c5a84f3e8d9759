import { describe, expect, it } from 'vitest';
import {
  changesInstants,
  isChangesRangeReversed,
  readChangesFilter,
  writeChangesFilter,
} from './changes-filter';

const read = (query: string) => readChangesFilter(new URLSearchParams(query));

describe('the Changes filter in the address', () => {
  it('reads what it writes, and keeps other parameters', () => {
    const filter = { from: '2026-11-01', to: '2026-11-02', by: 'a@b.c', before: 1234 };
    const params = writeChangesFilter(new URLSearchParams('tab=x'), filter);
    expect(params.get('tab')).toBe('x');
    expect(readChangesFilter(params)).toEqual(filter);
    expect(writeChangesFilter(params, {}).toString()).toBe('tab=x');
  });

  it('leaves out what is malformed or past its bound', () => {
    expect(read('changes_from=2026-13-01&changes_to=yesterday')).toEqual({});
    expect(read(`changes_by=${'a'.repeat(255)}`)).toEqual({});
    expect(read(`changes_by=${'a'.repeat(254)}`).by).toHaveLength(254);
    // A cursor is a positive integer that a JavaScript number holds exactly.
    for (const before of ['0', '-1', '1.5', '1e3', '0123', '9'.repeat(16)])
      expect(read(`changes_before=${before}`), before).toEqual({});
    expect(read(`changes_before=${'9'.repeat(15)}`).before).toBe(999_999_999_999_999);
  });

  it('turns lottery-clock days into instants, the To day included', () => {
    expect(changesInstants({ from: '2026-11-01', to: '2026-11-01' }, 'Asia/Bangkok')).toEqual({
      start: '2026-10-31T17:00:00.000Z',
      end: '2026-11-01T17:00:00.000Z',
    });
    expect(changesInstants({}, 'UTC')).toEqual({ start: undefined, end: undefined });
  });

  it('knows a From after its To', () => {
    expect(isChangesRangeReversed({ from: '2026-11-02', to: '2026-11-01' })).toBe(true);
    expect(isChangesRangeReversed({ from: '2026-11-01', to: '2026-11-01' })).toBe(false);
  });
});
