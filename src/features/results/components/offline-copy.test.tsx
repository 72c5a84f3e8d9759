import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { noteResultsRead, useOfflineCopy } from '@/lib/offline-copy';
import { resultRow } from '@/lib/results/test/fixtures';
import { connectionState } from '../utils/connection-state';
import { TodayView } from './today-view';

const zone = 'Asia/Bangkok'; // UTC+7
const rows = [resultRow('2024-05-01', 14, '4017'), resultRow('2024-05-01', 13, '1234')];
/** When the list was last read from the server: 14:45 in Bangkok. */
const readAt = new Date('2024-05-01T07:45:00Z').getTime();

// The Today page as it wires the offline copy: the store (set by the client's fetch), the
// browser's online flag and React Query's last read, through connectionState, into the view.
function Today({ online, dataUpdatedAt = 0 }: { online: boolean; dataUpdatedAt?: number }) {
  const clock = useDrawClock(zone);
  const copySavedAt = useOfflineCopy();
  return (
    <MemoryRouter>
      <TodayView
        clock={clock}
        timeZone={zone}
        results={rows}
        loading={false}
        connection={connectionState({ online, copySavedAt, dataUpdatedAt })}
      />
    </MemoryRouter>
  );
}

describe('results from the offline copy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-01T09:10:00Z')); // 16:10 in Bangkok
  });
  afterEach(() => {
    act(() => noteResultsRead(null));
    vi.useRealTimers();
  });

  it('say when they were last updated, on the lottery clock, and pause the countdown', () => {
    act(() => noteResultsRead(readAt));
    render(<Today online={false} />);
    // In a status region, so screen readers hear it.
    const notice = screen.getByText('Offline: showing results last updated at 14:45.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('First prize 4 0 1 7')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Paused while offline')).toBeInTheDocument();
  });

  it('are never shown as live, even when the browser claims a network', () => {
    act(() => noteResultsRead(readAt));
    render(<Today online dataUpdatedAt={Date.now()} />);
    expect(screen.getByText('Offline: showing results last updated at 14:45.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('give way to the live list once a read reaches the server', () => {
    act(() => noteResultsRead(readAt));
    render(<Today online dataUpdatedAt={Date.now()} />);
    act(() => noteResultsRead(null));
    expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('20:00');
  });

  it('offline without a copy, the time is that of the last read from the server', () => {
    render(<Today online={false} dataUpdatedAt={new Date('2024-05-01T09:05:00Z').getTime()} />);
    expect(screen.getByText('Offline: showing results last updated at 16:05.')).toBeInTheDocument();
  });
});
