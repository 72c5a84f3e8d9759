import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LotteryResult } from '@/lib/types';
import { PastResultsList, type PastResultsListProps } from './past-results-list';

const row = (id: string, draw_date: string, draw_hour: number): LotteryResult => ({
  id,
  draw_date,
  draw_hour,
  draw_time: `${String(draw_hour).padStart(2, '0')}:30:00`,
  first_prize: '1234',
  source: 'operator',
  previous_prize: null,
  corrected_at: null,
  created_by: null,
  updated_by: null,
  created_at: '',
  updated_at: '',
});

function renderList(overrides: Partial<PastResultsListProps> = {}) {
  const props: PastResultsListProps = {
    today: '2024-05-15',
    filter: {},
    onFilterChange: vi.fn(),
    results: [row('a', '2024-05-15', 9), row('b', '2024-05-15', 3), row('c', '2024-05-14', 23)],
    isPublished: (result) => result.draw_hour < 5,
    busyId: null,
    onSave: vi.fn(async () => true),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(<PastResultsList {...props} />);
  return props;
}

describe('PastResultsList', () => {
  it('labels the unfiltered list as the last 50 results, in the given order', () => {
    renderList();
    expect(screen.getByText('Showing last 50 results')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Past results' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent?.slice(0, 15))).toEqual([
      '2024-05-1509:30',
      '2024-05-1503:30',
      '2024-05-1423:30',
    ]);
  });

  it('labels a filtered list', () => {
    renderList({ filter: { from: '2024-05-14' } });
    expect(screen.getByText('Showing filtered results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filter' })).toBeEnabled();
  });

  it('marks only unpublished rows as scheduled', () => {
    renderList();
    expect(screen.getAllByText('Scheduled')).toHaveLength(2);
  });

  it('disables the row being changed', () => {
    renderList({ busyId: 'b' });
    expect(screen.getByRole('button', { name: 'Edit result for 2024-05-15 03:30' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit result for 2024-05-15 09:30' })).toBeEnabled();
  });

  it('shows a spinner while loading', () => {
    renderList({ results: undefined });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('says so when nothing matches', () => {
    renderList({ results: [], filter: { from: '2030-01-01' } });
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });

  it('says why a From after its To shows nothing, rather than "No results found"', () => {
    renderList({ results: undefined, filter: { from: '2024-05-15', to: '2024-05-01' } });
    expect(screen.getByText(/the From date/)).toHaveTextContent(
      'No results: the From date (2024-05-15) is after the To date (2024-05-01).',
    );
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('lists scheduled results apart from the latest published ones', () => {
    renderList({
      results: [row('b', '2024-05-15', 3)],
      scheduled: [row('a', '2024-05-15', 9), row('z', '2024-06-01', 0)],
    });
    const published = screen.getByRole('list', { name: 'Past results' });
    expect(within(published).getAllByRole('listitem')).toHaveLength(1);
    const scheduled = screen.getByRole('list', { name: 'Scheduled results' });
    expect(within(scheduled).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: /Scheduled · next 2 draws/ })).toBeInTheDocument();
  });
});
