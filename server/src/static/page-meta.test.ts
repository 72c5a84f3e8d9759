import { describe, expect, it } from 'vitest';
import { servedMeta, withPageMeta } from './page-meta.ts';

const site = { name: 'Lotto $& 24', url: 'https://lotto.example' };
const template = '<head><title data-served>Lotto24</title></head>';

describe('withPageMeta', () => {
  it('writes the page meta as text, whatever the site name holds', () => {
    const html = withPageMeta(template, site, servedMeta('/', 'UTC'));
    expect(html).toContain('<title data-served>Today&#39;s Results | Lotto $&amp; 24</title>');
    expect(html).not.toContain('<title data-served>Lotto24</title>');
  });

  it('gives a 404 the not-found meta even when its address parses to an app page', () => {
    const html = withPageMeta(template, site, servedMeta('/history', 'UTC', { notFound: true }));
    expect(html).toContain('<title data-served>Page not found | Lotto $&amp; 24</title>');
  });

  it('names each page by its language and canonical address, whatever else the address holds', () => {
    expect(servedMeta('/?n=1', 'UTC')).toEqual(servedMeta('/', 'UTC'));
    expect(servedMeta('/nope-1', 'UTC', { notFound: true })).toEqual(
      servedMeta('/nope-2?x=1', 'UTC', { notFound: true }),
    );
    const thai = servedMeta('/th/stats?period=7d&junk=1', 'UTC');
    expect(thai.locale).toBe('th');
    expect(thai.meta.path).toBe(servedMeta('/stats?period=7d', 'UTC').meta.path);
  });
});
