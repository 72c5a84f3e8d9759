import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageTemplate } from './page-template.ts';

const html =
  '<html><head><meta charset="utf-8"><title data-served>Lotto24</title><style>a{}</style></head>' +
  '<body><div id="root"></div></body></html>';

describe('pageTemplate', () => {
  it("puts the page's meta in place of the bare title and its rows before the app's root", () => {
    const page = pageTemplate(html).fill({
      meta: '<title data-served>Check 1234 · Lotto24</title>',
      rows: '<script type="application/json" id="lotto24-results">{}</script>',
    });
    expect(page.toString()).toBe(
      '<html><head><meta charset="utf-8"><title data-served>Check 1234 · Lotto24</title>' +
        '<style>a{}</style></head><body>' +
        '<script type="application/json" id="lotto24-results">{}</script>' +
        '<div id="root"></div></body></html>',
    );
  });

  it('adds the meta before </head> when index.html has no bare title', () => {
    const page = pageTemplate(html.replace(/<title[^]*<\/title>/, '')).fill({
      meta: '<title>x</title>',
      rows: '',
    });
    expect(page.toString()).toContain('<style>a{}</style><title>x</title></head>');
  });

  it('leaves out a part HTML has no place for, as a bare test page', () => {
    const holes = { meta: '<title>x</title>', rows: '<script>rows</script>' };
    expect(pageTemplate('<html><body></body></html>').fill(holes).toString()).toBe(
      '<html><body></body></html>',
    );
    expect(pageTemplate('<html><head></head><body></body></html>').fill(holes).toString()).toBe(
      '<html><head><title>x</title></head><body></body></html>',
    );
  });

  it('gives the same page as gzip', () => {
    const holes = { meta: '<title>Check 1234</title>', rows: '<script>rows</script>' };
    const template = pageTemplate(html);
    expect(gunzipSync(template.gzip(holes))).toEqual(template.fill(holes));
  });
});
