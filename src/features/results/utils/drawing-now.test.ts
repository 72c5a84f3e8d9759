import { describe, expect, it } from 'vitest';
import { resultRow } from '@/lib/results/test/fixtures';
import { drawingNow } from './drawing-now';

const zone = 'UTC';
const at = (iso: string) => new Date(iso);

describe('drawingNow', () => {
  it("names today's draw from its time until its row arrives or the window closes", () => {
    expect(drawingNow([], zone, at('2026-11-25T22:29:59Z'), '2026-11-25')).toBeUndefined();
    expect(drawingNow([], zone, at('2026-11-25T22:30:00Z'), '2026-11-25')).toMatchObject({
      date: '2026-11-25',
      hour: 22,
    });
    expect(drawingNow([], zone, at('2026-11-25T22:32:00Z'), '2026-11-25')).toBeUndefined();
    const row = resultRow('2026-11-25', 22, '0008');
    expect(drawingNow([row], zone, at('2026-11-25T22:30:06Z'), '2026-11-25')).toBeUndefined();
  });

  it('keeps a late beacon draw as waiting for the beacon until its row arrives (ADR 023)', () => {
    const since = '2026-11-25T00:00:00Z';
    const late = at('2026-11-25T22:50:00Z');
    expect(drawingNow([], zone, late, '2026-11-25', since)).toMatchObject({
      hour: 22,
      waiting: true,
    });
    const row = resultRow('2026-11-25', 22, '0008');
    expect(drawingNow([row], zone, late, '2026-11-25', since)).toBeUndefined();
    expect(drawingNow([], zone, late, '2026-11-25', null)).toBeUndefined();
  });

  it('says nothing while the list loads', () => {
    expect(drawingNow(undefined, zone, at('2026-11-25T22:30:00Z'), '2026-11-25')).toBeUndefined();
  });
});
