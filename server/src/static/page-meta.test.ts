import { describe, expect, it } from 'vitest';
import { localizedPage, pageMetaTags, servedMeta } from './page-meta.ts';

const site = { name: 'Lotto $& 24', url: 'https://lotto.example' };

describe('pageMetaTags', () => {
  it('writes the page meta as text, whatever the site name holds', () => {
    const tags = pageMetaTags(site, servedMeta('/', 'UTC'));
    expect(tags).toContain('<title data-served>Today&#39;s Results | Lotto $&amp; 24</title>');
  });

  it('gives a 404 the not-found meta even when its address parses to an app page', () => {
    const tags = pageMetaTags(site, servedMeta('/history', 'UTC', { notFound: true }));
    expect(tags).toContain('<title data-served>Page not found | Lotto $&amp; 24</title>');
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

describe('localizedPage', () => {
  it("names the page's language, and leaves an English page's words as index.html has them", () => {
    const html = '<html lang="en"><head><noscript>Turn on JavaScript</noscript></head></html>';
    expect(localizedPage(html, 'en', site)).toBe(html);
    const thai = localizedPage(html, 'th', site);
    expect(thai).toContain('<html lang="th"');
    expect(thai).not.toContain('Turn on JavaScript');
  });
});
