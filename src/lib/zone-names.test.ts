import { describe, expect, it } from 'vitest';
import { timeIn, visitorTimeOf, zoneLabel } from './zone-names';

const draw = new Date('2024-05-01T07:30:00Z'); // 14:30 in Bangkok

describe('zone names', () => {
  it('names the lottery clock by its IANA name and its offset or abbreviation', () => {
    expect(zoneLabel('Asia/Bangkok', draw)).toBe('Asia/Bangkok (GMT+7)');
    expect(zoneLabel('America/New_York', draw)).toBe('America/New_York (EDT)');
    expect(zoneLabel('America/New_York', new Date('2024-01-15T12:00:00Z'))).toBe(
      'America/New_York (EST)',
    );
    expect(zoneLabel('UTC', draw)).toBe('UTC');
  });

  it("gives the visitor's wall-clock time of a draw, with its date, when it differs", () => {
    expect(visitorTimeOf(draw, 'Asia/Bangkok', 'America/Los_Angeles')).toBe('00:30, May 1');
    expect(visitorTimeOf(draw, 'Asia/Bangkok', 'Europe/London')).toBe('08:30, May 1');
    expect(visitorTimeOf(new Date('2024-05-01T17:30:00Z'), 'Asia/Bangkok', 'UTC')).toBe(
      '17:30, May 1',
    );
  });

  it('says nothing extra when the visitor reads the same clock', () => {
    expect(visitorTimeOf(draw, 'Asia/Bangkok', 'Asia/Bangkok')).toBeNull();
    // Another name, same wall clock.
    expect(visitorTimeOf(draw, 'Asia/Bangkok', 'Asia/Ho_Chi_Minh')).toBeNull();
  });

  it('formats HH:MM on a given clock', () => {
    expect(timeIn(draw, 'Asia/Bangkok')).toBe('14:30');
    expect(timeIn(draw, 'Asia/Kolkata')).toBe('13:00');
  });
});
