import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { config } from '@/config/env';
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
});
