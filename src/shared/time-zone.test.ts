import { describe, expect, it } from 'vitest';
import { isTimeZone } from './time-zone.ts';

describe('isTimeZone', () => {
  it('accepts IANA zones and UTC', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Bangkok')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
  });

  it('refuses names that are not zones', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('not a zone')).toBe(false);
  });
});
