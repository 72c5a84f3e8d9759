import { describe, expect, it } from 'vitest';
import { drawingEndsAt, DRAWING_WINDOW_MS, drawState, lastDraw } from '../shared/lottery-clock';

const zone = 'UTC';
const at = (iso: string) => new Date(iso);

describe('drawState: the draw moment is never shown as a missed draw', () => {
  it('is upcoming until HH:30:00, then drawing, and missing only after the window', () => {
    const state = (iso: string, has = false) => drawState('2026-11-25', 22, zone, at(iso), has);
    expect(state('2026-11-25T22:29:59.999Z')).toBe('upcoming');
    expect(state('2026-11-25T22:30:00Z')).toBe('drawing');
    expect(state('2026-11-25T22:30:06Z')).toBe('drawing');
    expect(state('2026-11-25T22:31:59.999Z')).toBe('drawing');
    expect(state('2026-11-25T22:32:00Z')).toBe('missing');
    expect(DRAWING_WINDOW_MS).toBe(120_000);
  });

  it('is published as soon as a row is there, and never before its time', () => {
    expect(drawState('2026-11-25', 22, zone, at('2026-11-25T22:30:06Z'), true)).toBe('published');
    expect(drawState('2026-11-25', 22, zone, at('2026-11-25T23:00:00Z'), true)).toBe('published');
    // An admin's session may read a row ahead of time: it stays upcoming.
    expect(drawState('2026-11-25', 22, zone, at('2026-11-25T22:00:00Z'), true)).toBe('upcoming');
  });

  it('follows the lottery zone, not UTC', () => {
    const ny = 'America/New_York'; // UTC-5 in November
    expect(drawState('2026-11-25', 22, ny, at('2026-11-26T03:30:30Z'), false)).toBe('drawing');
    expect(drawState('2026-11-25', 22, ny, at('2026-11-25T22:30:30Z'), false)).toBe('upcoming');
  });

  it('waits for the beacon, never missing, past the window of a beacon draw (ADR 023)', () => {
    const state = (since: string | null, has = false) =>
      drawState('2026-11-25', 22, zone, at('2026-11-25T22:45:00Z'), has, since);
    expect(state('2026-11-25T00:00:00Z')).toBe('waiting');
    expect(state('2026-11-25T22:30:00Z')).toBe('waiting');
    // Before the switch, or with none, a draw past its window without a result is missing.
    expect(state('2026-11-25T22:30:01Z')).toBe('missing');
    expect(state(null)).toBe('missing');
    expect(state('2026-11-25T00:00:00Z', true)).toBe('published');
    expect(
      drawState('2026-11-25', 22, zone, at('2026-11-25T22:31:00Z'), false, '2026-11-25T00:00:00Z'),
    ).toBe('drawing');
  });

  it('calls a row-less date older than the draw range missing', () => {
    expect(drawState('infinity', 3, zone, at('2026-11-25T22:30:00Z'), false)).toBe('upcoming');
    expect(drawState('0001-01-01 BC', 3, zone, at('2026-11-25T22:30:00Z'), false)).toBe('missing');
  });
});

describe('lastDraw and drawingEndsAt', () => {
  it('finds the latest draw at or before now, across midnight', () => {
    expect(lastDraw(zone, at('2026-11-25T22:30:00Z'))).toMatchObject({
      date: '2026-11-25',
      hour: 22,
    });
    expect(lastDraw(zone, at('2026-11-25T22:29:59Z'))).toMatchObject({ hour: 21 });
    expect(lastDraw(zone, at('2026-11-26T00:10:00Z'))).toMatchObject({
      date: '2026-11-25',
      hour: 23,
    });
  });

  it('gives the end of the open drawing window, or nothing once it closed', () => {
    expect(drawingEndsAt(zone, at('2026-11-25T22:30:05Z'))?.toISOString()).toBe(
      '2026-11-25T22:32:00.000Z',
    );
    expect(drawingEndsAt(zone, at('2026-11-25T22:32:00Z'))).toBeUndefined();
  });
});
