import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderDom, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDaysWithResultsQueryOptions } from '../api/get-days-with-results';
import { resultRow } from '@/lib/results/test/fixtures';
import { HistoryView } from './history-view';

/**
 * Each row links to its draw's page: the views render inside a router, as in the app. The
 * calendar's days with results for May 2024 are already read (what the stack would answer).
 */
function render(ui: ReactElement) {
  const client = new QueryClient();
  client.setQueryData(getDaysWithResultsQueryOptions('2024-05').queryKey, [
    '2024-05-01',
    '2024-05-02',
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderDom(ui, { wrapper });
}

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
    // Days with published results are marked, and say so by name.
    expect(screen.getByRole('button', { name: '2 May 2024, Thursday, has results' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '3 May 2024, Friday, today' })).toBeEnabled();
    expect(screen.getByText('Days with results')).toBeInTheDocument();

    // The selected day has focus: arrow right, Enter selects May 2.
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onDateChange).toHaveBeenCalledWith('2024-05-02');
    // The calendar's chunk is imported on first use: slow on a shared, loaded machine.
  }, 15_000);

  it('steps to the previous and next day, and stops at today and at the first day', async () => {
    const user = userEvent.setup();
    const onDateChange = vi.fn();
    const { rerender } = render(
      <HistoryView {...base} firstDate="2024-04-30" onDateChange={onDateChange} results={[]} />,
    );
    await user.click(screen.getByRole('button', { name: /previous day/i }));
    expect(onDateChange).toHaveBeenLastCalledWith('2024-04-30');
    await user.click(screen.getByRole('button', { name: /next day/i }));
    expect(onDateChange).toHaveBeenLastCalledWith('2024-05-02');

    rerender(<HistoryView {...base} date="2024-05-03" firstDate="2024-04-30" results={[]} />);
    expect(screen.getByRole('button', { name: /next day/i })).toBeDisabled();
    rerender(<HistoryView {...base} date="2024-04-30" firstDate="2024-04-30" results={[]} />);
    expect(screen.getByRole('button', { name: /previous day/i })).toBeDisabled();
  });

  it('says where the data starts, or that there is none yet', () => {
    const { rerender } = render(<HistoryView {...base} firstDate="2024-04-30" results={[]} />);
    expect(screen.getByText('Results start on April 30, 2024.')).toBeInTheDocument();
    rerender(<HistoryView {...base} firstDate={null} results={[]} />);
    expect(screen.getByText('No results have been published yet.')).toBeInTheDocument();
  });

  it("shows why the address's day is not the one shown", () => {
    render(
      <HistoryView
        {...base}
        results={[]}
        dateNotice="2024-05-09 is in the future; showing today."
      />,
    );
    expect(
      screen
        .getAllByRole('status')
        .some((region) => region.textContent === '2024-05-09 is in the future; showing today.'),
    ).toBe(true);
  });
});
