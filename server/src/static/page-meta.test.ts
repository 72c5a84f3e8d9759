import { describe, expect, it } from 'vitest';
import { withPageMeta } from './page-meta.ts';

const site = { name: 'Lotto $& 24', url: 'https://lotto.example' };
const template = '<head><title data-served>Lotto24</title></head>';

describe('withPageMeta', () => {
  it('writes the page meta as text, whatever the site name holds', () => {
    const html = withPageMeta(template, site, '/', 'UTC');
    expect(html).toContain('<title data-served>Today&#39;s Results | Lotto $&amp; 24</title>');
    expect(html).not.toContain('<title data-served>Lotto24</title>');
  });

  it('gives a 404 the not-found meta even when its address parses to an app page', () => {
    const html = withPageMeta(template, site, '/history', 'UTC', { notFound: true });
    expect(html).toContain('<title data-served>Page not found | Lotto $&amp; 24</title>');
  });
});
