import { describe, expect, it } from 'vitest';
import { GENERATE_MAX_DAYS, checkDateRange, daysInRange } from './date-range';

// The English sentences (tests run in English).
const RANGE_REQUIRED = 'Please select both from and to dates';
const RANGE_REVERSED = 'From date must be before or equal to To date';

describe('checkDateRange', () => {
  it('asks for both dates when either is missing', () => {
    expect(checkDateRange(undefined, undefined)).toEqual({ error: RANGE_REQUIRED });
    expect(checkDateRange('2024-05-01', undefined)).toEqual({ error: RANGE_REQUIRED });
    expect(checkDateRange(undefined, '2024-05-01')).toEqual({ error: RANGE_REQUIRED });
    expect(checkDateRange('', '2024-05-01')).toEqual({ error: RANGE_REQUIRED });
  });

  it('rejects a from date after the to date', () => {
    expect(checkDateRange('2024-05-02', '2024-05-01')).toEqual({ error: RANGE_REVERSED });
    expect(checkDateRange('2024-10-01', '2024-09-30')).toEqual({ error: RANGE_REVERSED });
  });

  it('accepts a single day and an ordered range', () => {
    expect(checkDateRange('2024-05-01', '2024-05-01')).toEqual({
      range: { from: '2024-05-01', to: '2024-05-01' },
    });
    expect(checkDateRange('2023-12-31', '2024-01-01')).toEqual({
      range: { from: '2023-12-31', to: '2024-01-01' },
    });
  });
});

describe('daysInRange', () => {
  it('counts both ends, across months, leap days and years', () => {
    expect(daysInRange({ from: '2024-05-01', to: '2024-05-01' })).toBe(1);
    expect(daysInRange({ from: '2024-02-28', to: '2024-03-01' })).toBe(3);
    expect(daysInRange({ from: '2024-01-01', to: '2024-12-31' })).toBe(GENERATE_MAX_DAYS);
    expect(daysInRange({ from: '2023-12-31', to: '2025-01-01' })).toBe(368);
  });
});
