import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { config } from '@/config/env';
import { i18n } from '@/i18n/i18n';
import { I18nContext } from '@/i18n/i18n-context';
import { typed } from '@/shared/i18n/messages';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('links both results feeds visibly, on the project the app talks to', () => {
    render(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute(
      'href',
      `${config.supabaseUrl}/functions/v1/results-feed?format=rss`,
    );
    expect(screen.getByRole('link', { name: 'JSON Feed' })).toHaveAttribute(
      'href',
      `${config.supabaseUrl}/functions/v1/results-feed?format=json`,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 Lotto24');
  });

  it("links each feed in the page's language", () => {
    const state = { i18n: typed(i18n), locale: 'th' as const, switchLocale: () => {} };
    render(
      <I18nContext.Provider value={state}>
        <SiteFooter />
      </I18nContext.Provider>,
    );
    const feeds = `${config.supabaseUrl}/functions/v1/results-feed`;
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      `${feeds}?format=rss&lang=th`,
      `${feeds}?format=json&lang=th`,
      `${feeds}?feed=commitments&lang=th`,
    ]);
  });
});
