import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('boom');
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the page title and lets the visitor leave the error by a link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/">Today</Link>
        <RouteErrorBoundary inLayout>
          <Routes>
            <Route path="/" element={<h1>Today page</h1>} />
            <Route path="/broken" element={<Broken />} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    // jsdom's address is "/", so the fallback names that page rather than the error.
    expect(document.title).toBe("Today's Results | Lotto24");
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'Today page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
