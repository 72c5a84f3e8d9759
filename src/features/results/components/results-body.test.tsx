import { render as renderDom, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resultRow } from '@/lib/results/test/fixtures';
import { ResultsBody } from './results-body';

// Each row links to its draw's page: the views render inside a router, as in the app.
const render = (ui: ReactElement) => renderDom(ui, { wrapper: MemoryRouter });

const props = { emptyText: 'No results available yet for today', listLabel: "Today's draws" };

describe('ResultsBody', () => {
  it('shows a spinner and "Loading results..." while loading', () => {
    render(<ResultsBody {...props} results={undefined} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading results...');
  });

  it("keeps the expected rows' room while loading, hidden from everyone but the layout", () => {
    const { container } = render(
      <ResultsBody
        {...props}
        results={undefined}
        loading
        expectedRows={3}
        heading={(count) => `Tuesday - ${count} draws`}
        RowAction={() => null}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading results...');
    // Three rows, a heading and each row's action line, laid out but not seen or heard.
    const kept = container.querySelector('[aria-hidden="true"].invisible')!;
    expect(kept.querySelectorAll('li')).toHaveLength(3);
    expect(kept).toHaveTextContent('Tuesday - 3 draws');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows the empty text when the day has no rows', () => {
    render(<ResultsBody {...props} results={[]} loading={false} />);
    expect(screen.getByText('No results available yet for today')).toBeInTheDocument();
  });

  it('says a failed read could not be loaded, never that there are no results, and retries', async () => {
    const onRetry = vi.fn();
    render(<ResultsBody {...props} results={undefined} loading={false} failed onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The results could not be loaded.');
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says a read waiting for the network is offline rather than spinning', () => {
    render(<ResultsBody {...props} results={undefined} loading offline />);
    expect(screen.getByRole('alert')).toHaveTextContent(/You are offline/);
    expect(screen.queryByText('Loading results...')).not.toBeInTheDocument();
  });

  it('offers each row the action handed in, below its link, and none when none is', () => {
    const rows = [resultRow('2024-05-01', 23, '9876'), resultRow('2024-05-01', 0, '0001')];
    const Action = ({ result }: { result: { draw_hour: number } }) => (
      <button type="button">Verify {result.draw_hour}</button>
    );
    const { unmount } = render(
      <ResultsBody {...props} results={rows} loading={false} RowAction={Action} />,
    );
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Verify 23' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Verify 0' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link')).not.toContainElement(
      screen.getAllByRole('button')[0]!,
    );
    unmount();
    render(<ResultsBody {...props} results={rows} loading={false} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists rows with the HH:30 time, "Draw #" hour+1 and the prize', () => {
    const rows = [resultRow('2024-05-01', 23, '9876'), resultRow('2024-05-01', 0, '0001')];
    render(<ResultsBody {...props} results={rows} loading={false} />);
    const items = within(screen.getByRole('list', { name: "Today's draws" })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('23:30');
    expect(items[0]).toHaveTextContent('Draw #24');
    expect(items[0]).toHaveTextContent('First prize 9 8 7 6');
    expect(items[1]).toHaveTextContent('00:30');
    expect(items[1]).toHaveTextContent('Draw #1');
  });

  it("opens each draw's own page from its row", () => {
    const rows = [resultRow('2024-05-01', 23, '9876'), resultRow('2024-05-01', 0, '0001')];
    render(<ResultsBody {...props} results={rows} loading={false} />);
    expect(screen.getByRole('link', { name: /23:30.*First prize 9 8 7 6/ })).toHaveAttribute(
      'href',
      '/draw/2024-05-01/23',
    );
    expect(screen.getByRole('link', { name: /00:30/ })).toHaveAttribute(
      'href',
      '/draw/2024-05-01/0',
    );
  });
});
