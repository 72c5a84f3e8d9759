import { describe, expect, it } from 'vitest';
import {
  drawAddressOfPath,
  drawName,
  followingDraw,
  formatDrawDay,
  formatShortDay,
  paddedDrawAddress,
  paddedDrawAddressOfPath,
  parseDrawAddress,
  previousDraw,
} from './draw-address.ts';

describe('draw addresses', () => {
  it('accepts a real day and an hour 0-23 written as the links write it', () => {
    expect(parseDrawAddress('2026-11-23', '14')).toEqual({ date: '2026-11-23', hour: 14 });
    expect(parseDrawAddress('2026-11-23', '0')).toEqual({ date: '2026-11-23', hour: 0 });
    expect(drawAddressOfPath('/draw/2024-02-29/23')).toEqual({ date: '2024-02-29', hour: 23 });
  });

  it('refuses anything else, so no bad value reaches a query', () => {
    const bad: Array<[string, string]> = [
      ['2026-02-30', '1'],
      ['2025-02-29', '1'],
      ['2026-11-23', '24'],
      ['2026-11-23', '07'],
      ['2026-11-23', '-1'],
      ['2026-11-23', '1.0'],
      ['2026-11-23', ' 1'],
      ['26-11-23', '1'],
      ["2026-11-23'", '1'],
    ];
    for (const [date, hour] of bad)
      expect(parseDrawAddress(date, hour), `${date} ${hour}`).toBeNull();
    expect(parseDrawAddress(undefined, '1')).toBeNull();
    expect(drawAddressOfPath('/draw/2026-11-23/1/x')).toBeNull();
    expect(drawAddressOfPath('/history')).toBeNull();
  });

  it('recognises a zero-padded hour (07) as a draw to redirect to, and nothing else', () => {
    expect(paddedDrawAddress('2026-11-23', '07')).toEqual({ date: '2026-11-23', hour: 7 });
    expect(paddedDrawAddress('2026-11-23', '00')).toEqual({ date: '2026-11-23', hour: 0 });
    expect(paddedDrawAddressOfPath('/draw/2026-11-23/09/')).toEqual({
      date: '2026-11-23',
      hour: 9,
    });
    for (const hour of ['7', '14', '007', '010', '0a', '24', '-07'])
      expect(paddedDrawAddress('2026-11-23', hour), hour).toBeNull();
    expect(paddedDrawAddress('2026-02-30', '07')).toBeNull();
    expect(paddedDrawAddressOfPath('/draw/2026-11-23/07/x')).toBeNull();
  });

  it('steps to the neighbouring draws across midnight, month and year ends', () => {
    expect(previousDraw({ date: '2026-11-23', hour: 14 })).toEqual({
      date: '2026-11-23',
      hour: 13,
    });
    expect(previousDraw({ date: '2026-01-01', hour: 0 })).toEqual({ date: '2025-12-31', hour: 23 });
    expect(followingDraw({ date: '2024-02-28', hour: 23 })).toEqual({
      date: '2024-02-29',
      hour: 0,
    });
    expect(followingDraw({ date: '2026-11-23', hour: 9 })).toEqual({
      date: '2026-11-23',
      hour: 10,
    });
  });

  it('names a draw as a shared link describes it', () => {
    expect(drawName({ date: '2026-11-23', hour: 14 })).toBe('Draw 14:30 on 23 November 2026');
    expect(drawName({ date: '2026-01-05', hour: 0 })).toBe('Draw 00:30 on 5 January 2026');
  });
});

describe('naming a day PostgreSQL wrote that is no calendar day (ADR 020)', () => {
  it('names it as written rather than failing', () => {
    for (const odd of ['infinity', '0001-01-01 BC', '99999-01-01']) {
      expect(formatDrawDay(odd)).toBe(odd);
      expect(formatShortDay(odd)).toBe(odd);
    }
    expect(formatDrawDay('2099-12-31')).toBe('31 December 2099');
  });
});
