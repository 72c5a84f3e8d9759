import { render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { resultRow } from '../test/fixtures';
import { HistoryView } from './history-view';

// Each row links to its draw's page: the views render inside a router, as in the app.
const render = (ui: ReactElement) => renderDom(ui, { wrapper: MemoryRouter });

beforeAll(() => {
  // Radix's popper measures its anchor; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const base = { date: '2024-05-01', today: '2024-05-03', onDateChange: () => {}, loading: false };

describe('HistoryView', () => {
  it('says "{date} - {n} draws" above the list', () => {
    const rows = [resultRow('2024-05-01', 2, '2222'), resultRow('2024-05-01', 1, '1111')];
    render(<HistoryView {...base} results={rows} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('May 1, 2024 - 2 draws');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('says "No results available for {date}" for an empty day', () => {
    render(<HistoryView {...base} results={[]} />);
    expect(screen.getByText('No results available for May 1, 2024')).toBeInTheDocument();
  });

  it('shows "Loading results..." while loading', () => {
    render(<HistoryView {...base} results={undefined} loading />);
    expect(screen.getByText('Loading results...').closest('[role="status"]')).toBeInTheDocument();
  });

  it('picks a day in the calendar by keyboard, with days after today disabled', async () => {
    const user = userEvent.setup();
    const onDateChange = vi.fn();
    render(<HistoryView {...base} onDateChange={onDateChange} results={[]} />);

    // The picker is a lazy chunk: its first download in a test worker can take seconds.
    const picker = { name: /pick a date, may 1, 2024 selected/i };
    await user.click(await screen.findByRole('button', picker, { timeout: 10_000 }));
    const grid = await screen.findByRole('grid');
    expect(grid).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^4 May 2024/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^3 May 2024/ })).toBeEnabled();

    // The selected day has focus: arrow right, Enter selects May 2.
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onDateChange).toHaveBeenCalledWith('2024-05-02');
  });
});
