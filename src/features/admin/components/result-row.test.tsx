import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LotteryResult } from '@/lib/types';
import { ResultRow, type ResultRowProps } from './result-row';

const result: LotteryResult = {
  id: 'r1',
  draw_date: '2024-05-01',
  draw_hour: 14,
  draw_time: '14:30:00',
  first_prize: '0420',
  source: 'operator',
  previous_prize: null,
  corrected_at: null,
  created_by: 'admin@example.com',
  updated_by: null,
  created_at: '2024-05-01T07:00:00Z',
  updated_at: '2024-05-01T07:00:00Z',
};

function renderRow(overrides: Partial<ResultRowProps> = {}) {
  const props: ResultRowProps = {
    result,
    published: true,
    busy: false,
    onSave: vi.fn(async () => true),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(
    <ul>
      <ResultRow {...props} />
    </ul>,
  );
  return props;
}

const edit = () => screen.getByRole('button', { name: 'Edit result for 2024-05-01 14:30' });
const prize = () => screen.getByRole('textbox', { name: 'First prize for 2024-05-01 14:30' });

describe('ResultRow', () => {
  it('shows the date, the draw time and the prize', () => {
    renderRow();
    expect(screen.getByText('2024-05-01')).toBeInTheDocument();
    expect(screen.getByText('14:30')).toBeInTheDocument();
    expect(screen.getByText('0420')).toBeInTheDocument();
    expect(screen.queryByText('Scheduled')).not.toBeInTheDocument();
  });

  it('marks a result that is not public yet as scheduled', () => {
    renderRow({ published: false });
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
  });

  it('edits the prize with the same four-digit rule and returns to display on save', async () => {
    const user = userEvent.setup();
    const props = renderRow();
    await user.click(edit());
    expect(screen.getByText('2024-05-01')).toBeInTheDocument();
    // The field takes the focus as it appears, ready for the new number.
    expect(prize()).toHaveFocus();
    expect(prize()).toHaveValue('0420');
    expect(prize()).toHaveAttribute('pattern', '[0-9]{4}');
    expect(prize()).not.toHaveAttribute('maxLength');
    expect(prize()).toBeRequired();

    await user.clear(prize());
    await user.type(prize(), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter exactly 4 digits');

    // What was typed is checked, not a copy cut to four characters.
    await user.type(prize(), '345');
    expect(prize()).toHaveValue('12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).not.toHaveBeenCalled();
    await user.clear(prize());
    await user.type(prize(), '12');

    await user.type(prize(), '34');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).toHaveBeenCalledWith('1234');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('stays in edit mode when saving failed', async () => {
    const user = userEvent.setup();
    renderRow({ onSave: vi.fn(async () => false) });
    await user.click(edit());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(prize()).toBeInTheDocument();
  });

  it('cancels an edit without saving', async () => {
    const user = userEvent.setup();
    const props = renderRow();
    await user.click(edit());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByText('0420')).toBeInTheDocument();
  });

  it('deletes on request', async () => {
    const user = userEvent.setup();
    const props = renderRow();
    await user.click(screen.getByRole('button', { name: 'Delete result for 2024-05-01 14:30' }));
    expect(props.onDelete).toHaveBeenCalledTimes(1);
  });
});
