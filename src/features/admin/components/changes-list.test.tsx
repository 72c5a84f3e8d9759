import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../utils/describe-change';
import { ChangesList } from './changes-list';

const result = (prize: string, extra: Record<string, unknown> = {}) => ({
  draw_date: '2026-11-23',
  draw_hour: 14,
  first_prize: prize,
  source: 'operator',
  corrected_at: null,
  ...extra,
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-23T08:00:05Z',
  subject: 'result',
  action: 'UPDATE',
  actor_id: null,
  actor_email: 'admin@lotto24.local',
  draw_date: '2026-11-23',
  draw_hour: 14,
  old_row: null,
  new_row: null,
  correction: false,
  withdrawn: false,
  ...over,
});

const entries: AuditEntry[] = [
  entry({
    id: 5,
    old_row: result('1111'),
    new_row: result('2222', { corrected_at: '2026-11-23T08:00:05Z' }),
    correction: true,
  }),
  entry({ id: 4, action: 'DELETE', old_row: result('3333'), withdrawn: true }),
  entry({
    id: 3,
    action: 'INSERT',
    actor_email: null,
    new_row: result('4444', { source: 'system' }),
  }),
  entry({
    id: 2,
    subject: 'settings',
    actor_email: null,
    draw_date: null,
    draw_hour: null,
    old_row: { id: true, timezone: 'UTC', auto_draw: false, updated_at: 'x' },
    new_row: { id: true, timezone: 'Asia/Bangkok', auto_draw: false, updated_at: 'y' },
  }),
];

describe('ChangesList', () => {
  it('shows who, when on the lottery clock, and before → after in a table', () => {
    render(<ChangesList entries={entries} timeZone="Asia/Bangkok" />);
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(
      '2026-11-23 15:00:05admin@lotto24.localCorrected2026-11-23 14:30Before: 1111 → , after: 2222',
    );
    expect(rows[1]).toHaveTextContent('Deletedwithdrawn');
    expect(rows[1]).toHaveTextContent('Before: 3333 → , after: –');
    expect(rows[2]).toHaveTextContent('SystemSystem draw');
    expect(rows[2]).toHaveTextContent('Before: – → , after: 4444');
    expect(rows[3]).toHaveTextContent('No account (service role or SQL)Settings changed');
    expect(rows[3]).toHaveTextContent('Before: timezone: UTC → , after: timezone: Asia/Bangkok');
  });

  it('shows a card per change for a phone, in the same order', () => {
    render(<ChangesList entries={entries} timeZone="UTC" />);
    const cards = within(screen.getByRole('list', { hidden: true })).getAllByRole('listitem', {
      hidden: true,
    });
    expect(cards.map((card) => card.querySelector('span')?.textContent)).toEqual([
      'Corrected',
      'Deletedwithdrawn',
      'System draw',
      'Settings changed',
    ]);
    expect(cards[0]).toHaveTextContent('Draw 2026-11-23 14:30');
    expect(cards[0]).toHaveTextContent('By admin@lotto24.local');
  });

  it('names a move with both draws', () => {
    const moved = entry({
      old_row: result('5555'),
      new_row: result('5555', { draw_hour: 15 }),
      withdrawn: true,
    });
    render(<ChangesList entries={[moved]} timeZone="UTC" />);
    const row = within(screen.getByRole('table', { hidden: true })).getAllByRole('row', {
      hidden: true,
    })[1]!;
    expect(row).toHaveTextContent('Moved to 2026-11-23 15:30withdrawn2026-11-23 14:30');
  });
});
