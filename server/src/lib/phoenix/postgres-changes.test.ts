import { convertChangeData } from '@supabase/realtime-js/dist/module/lib/transformers.js';
import { describe, expect, it } from 'vitest';
import {
  changeData,
  filteredRow,
  MAX_RECORD_BYTES,
  type Change,
  type TableShape,
} from './postgres-changes.ts';

const shape: TableShape = {
  schema: 'public',
  table: 'lottery_results',
  rls: true,
  columns: [
    { name: 'id', type: 'uuid', primaryKey: true, identity: true },
    { name: 'draw_hour', type: 'int4', primaryKey: false, identity: true },
    { name: 'first_prize', type: 'text', primaryKey: false, identity: true },
  ],
};
const all = new Set(['id', 'draw_hour', 'first_prize']);
const row = { id: 'r1', draw_hour: 14, first_prize: '0042' };
const change = (
  type: Change['type'],
  record: Change['record'],
  oldRecord: Change['oldRecord'],
): Change => ({
  schema: 'public',
  table: 'lottery_results',
  type,
  record,
  oldRecord,
  commitTimestamp: '2024-05-01T14:30:00.000Z',
});

describe('changeData', () => {
  it('shapes an INSERT as realtime NewRecord', () => {
    expect(changeData(change('INSERT', row, null), shape, all, null)).toEqual({
      schema: 'public',
      table: 'lottery_results',
      commit_timestamp: '2024-05-01T14:30:00.000Z',
      type: 'INSERT',
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'draw_hour', type: 'int4' },
        { name: 'first_prize', type: 'text' },
      ],
      record: row,
      errors: null,
    });
  });

  it('gives realtime-js what it converts into payload.new', () => {
    const data = changeData(change('INSERT', row, null), shape, all, null);
    expect(convertChangeData(data.columns as never, data.record as never)).toEqual(row);
  });

  it('sends the old row of an UPDATE and only the key of a DELETE under RLS', () => {
    const updated = changeData(
      change('UPDATE', { ...row, first_prize: '0043' }, row),
      shape,
      all,
      null,
    );
    expect(updated.old_record).toEqual(row);
    expect(updated.record).toMatchObject({ first_prize: '0043' });
    const deleted = changeData(change('DELETE', null, row), shape, all, null);
    expect(deleted.old_record).toEqual({ id: 'r1' });
    expect(deleted).not.toHaveProperty('record');
    const open = changeData(change('DELETE', null, row), { ...shape, rls: false }, all, null);
    expect(open.old_record).toEqual(row);
  });

  it('trims the old row to the replica identity', () => {
    const keyOnly = {
      ...shape,
      rls: false,
      columns: shape.columns.map((c) => ({ ...c, identity: c.primaryKey })),
    };
    expect(changeData(change('UPDATE', row, row), keyOnly, all, null).old_record).toEqual({
      id: 'r1',
    });
    expect(filteredRow(change('DELETE', null, row), keyOnly)).toEqual({ id: 'r1' });
  });

  it('keeps to columns the role may read and to the selected ones (plus the key)', () => {
    const data = changeData(
      change('INSERT', row, null),
      shape,
      new Set(['id', 'first_prize']),
      null,
    );
    expect(data.record).toEqual({ id: 'r1', first_prize: '0042' });
    expect(data.columns).toHaveLength(2);
    const selected = changeData(change('INSERT', row, null), shape, all, ['draw_hour']);
    expect(selected.record).toEqual({ id: 'r1', draw_hour: 14 });
  });

  it('refuses rows whose key the role may not read, or tables without a key', () => {
    expect(
      changeData(change('INSERT', row, null), shape, new Set(['draw_hour']), null).errors,
    ).toEqual(['Error 401: Unauthorized']);
    const keyless = { ...shape, columns: shape.columns.map((c) => ({ ...c, primaryKey: false })) };
    expect(changeData(change('UPDATE', row, row), keyless, all, null).errors).toEqual([
      'Error 400: Bad Request, no primary key',
    ]);
  });

  it('drops large values past the record limit, as realtime does', () => {
    const big = { ...row, first_prize: 'x'.repeat(MAX_RECORD_BYTES) };
    const data = changeData(change('INSERT', big, null), shape, all, null);
    expect(data.errors).toEqual(['Error 413: Payload Too Large']);
    expect(data.record).toEqual({ id: 'r1', draw_hour: 14 });
  });
});
