import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInAppLinks } from './use-in-app-links';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {useNavigationType()} {location.pathname}
      {location.search}
    </p>
  );
}

function Links({ extra }: { extra?: React.ReactNode }) {
  const links = useInAppLinks();
  return (
    <>
      <div onClick={links.onClick}>
        <a href={links.href('/draw/2026-11-26/7')}>07:30</a>
        <a href={links.href('/grid?days=30')}>Month</a>
        {extra}
      </div>
      <Where />
    </>
  );
}

function renderAt(entry: string, basename?: string, extra?: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[entry]} basename={basename}>
      <Routes>
        <Route path="*" element={<Links extra={extra} />} />
      </Routes>
    </MemoryRouter>,
  );
}

// Whether the app took each click (its handler prevented the browser's navigation), seen after
// React's handlers; every click then stops there, as jsdom cannot load another document.
let taken: boolean[] = [];
const record = (event: MouseEvent) => {
  taken.push(event.defaultPrevented);
  event.preventDefault();
};
beforeEach(() => {
  taken = [];
  window.addEventListener('click', record);
});
afterEach(() => window.removeEventListener('click', record));

describe('useInAppLinks', () => {
  it('writes addresses in the page’s language and opens them in the app', async () => {
    renderAt('/th/grid', '/th/');
    const draw = screen.getByRole('link', { name: '07:30' });
    expect(draw).toHaveAttribute('href', '/th/draw/2026-11-26/7');
    await userEvent.click(draw);
    expect(screen.getByTestId('where')).toHaveTextContent('PUSH /draw/2026-11-26/7');
  });

  it('keeps the query string, and replaces the entry for the page already shown', async () => {
    renderAt('/grid');
    const month = screen.getByRole('link', { name: 'Month' });
    expect(month).toHaveAttribute('href', '/grid?days=30');
    await userEvent.click(month);
    expect(screen.getByTestId('where')).toHaveTextContent('PUSH /grid?days=30');
    // jsdom's own address never moves; the browser's would now be the month's.
    window.history.replaceState(null, '', '/grid?days=30');
    await userEvent.click(month);
    expect(screen.getByTestId('where')).toHaveTextContent('REPLACE /grid?days=30');
    window.history.replaceState(null, '', '/');
  });

  it('leaves a click with a modifier key, another button, or a target to the browser', () => {
    renderAt(
      '/grid',
      undefined,
      <a href="/stats" target="_blank">
        Stats
      </a>,
    );
    const draw = screen.getByRole('link', { name: '07:30' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }])
      fireEvent.click(draw, init);
    fireEvent.click(draw, { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Stats' }));
    expect(taken).toEqual([false, false, false, false, false, false]);
    expect(screen.getByTestId('where')).toHaveTextContent('POP /grid');
    fireEvent.click(draw);
    expect(taken.at(-1)).toBe(true);
  });

  it('leaves an address outside the app’s language to the browser', () => {
    renderAt('/th/grid', '/th/', <a href="/grid">English</a>);
    fireEvent.click(screen.getByRole('link', { name: 'English' }));
    expect(taken).toEqual([false]);
    expect(screen.getByTestId('where')).toHaveTextContent('POP /grid');
  });
});
