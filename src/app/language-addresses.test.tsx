import { render, screen } from '@testing-library/react';
import { BrowserRouter, Link } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { metaTags } from '@/shared/config/meta-tags';
import { localizedPath, routerBasename } from '@/shared/i18n/locales';

// One address per page and language (ADR 027): the router's links, the canonical and hreflang
// all write Thai Today as `/th/`.
describe("a language's addresses agree", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("writes Thai Today as `/th/` in the router's links, the canonical and hreflang", () => {
    window.history.replaceState(null, '', '/th/history');
    render(
      <BrowserRouter basename={routerBasename('th')}>
        <Link to="/">today</Link>
        <Link to="/history">history</Link>
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'today' })).toHaveAttribute('href', '/th/');
    expect(screen.getByRole('link', { name: 'history' })).toHaveAttribute('href', '/th/history');

    const site = { name: 'Lotto24', url: 'https://lotto.example' };
    const tags = metaTags(
      { title: 't', description: 'd', path: '/', noIndex: false, locale: 'th' },
      site,
    );
    const link = (attributes: Record<string, string>) =>
      tags.find((tag) =>
        Object.entries(attributes).every(([name, value]) => tag.attributes[name] === value),
      )?.attributes.href;
    expect(link({ rel: 'canonical' })).toBe('https://lotto.example/th/');
    expect(link({ rel: 'alternate', hreflang: 'th' })).toBe('https://lotto.example/th/');
    expect(localizedPath('th', '/')).toBe('/th/');
  });

  it('leaves English unprefixed, its Today `/`', () => {
    render(
      <BrowserRouter basename={routerBasename('en')}>
        <Link to="/">today</Link>
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'today' })).toHaveAttribute('href', '/');
  });
});
