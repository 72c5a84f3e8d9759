import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './error-boundary';
import { PublicLayout } from './public-layout';

function renderLayout() {
  return render(
    <StrictMode>
      <AppErrorBoundary>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path="/" element={<h1>Today page</h1>} />
              <Route path="/history" element={<h1>History page</h1>} />
            </Route>
          </Routes>
          <Link to="/">Back to today</Link>
        </MemoryRouter>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

describe('PublicLayout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('changes page without an error where scrollTo returns a Promise (Chromium 156)', async () => {
    const scrollTo = vi
      .spyOn(window, 'scrollTo')
      .mockImplementation((() => Promise.resolve()) as unknown as typeof window.scrollTo);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLayout();
    expect(screen.getByRole('heading', { name: 'Today page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'History' }));
    expect(screen.getByRole('heading', { name: 'History page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to today' }));
    expect(screen.getByRole('heading', { name: 'Today page' })).toBeInTheDocument();

    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(error).not.toHaveBeenCalled();
  });

  it("moves focus to the new page's heading after a route change, not on the first load", async () => {
    renderLayout();
    const today = screen.getByRole('heading', { name: 'Today page' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(today).not.toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'History' }));
    const history = screen.getByRole('heading', { name: 'History page' });
    await waitFor(() => expect(history).toHaveFocus());
    expect(history).toHaveAttribute('tabindex', '-1');
  });
});
