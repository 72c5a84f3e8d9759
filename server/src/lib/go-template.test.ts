import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/shared/i18n/locales.ts';
import { MAX_TEMPLATE_CHARS, parseTemplate, renderTemplate } from './go-template.ts';

const render = (source: string, data: Record<string, unknown> = {}) =>
  renderTemplate(parseTemplate(source), data);

describe('Go templates as html/template renders them', () => {
  it('trims around {{- and -}}, skips comments, escapes what it prints', () => {
    expect(render('a  {{- /* note */ -}}  b')).toBe('ab');
    expect(render('<p>{{ .X }}</p>', { X: '<a&"\'+>' })).toBe(
      '<p>&lt;a&amp;&#34;&#39;&#43;&gt;</p>',
    );
    expect(render('{{ .Data.lang }}|{{ .Missing.field }}', { Data: { lang: 'th' } })).toBe('th|');
  });

  it('branches and assigns as Go does, with the builtins a template may use', () => {
    const source =
      '{{ $l := "en" }}{{ $p := print .Site "/th/" }}' +
      '{{ if eq (printf "%.*s" (len $p) .To) $p }}{{ $l = "th" }}{{ end }}' +
      '{{ if eq $l "th" }}ไทย{{ else if and .To (not .Other) }}en{{ else }}none{{ end }}';
    expect(render(source, { Site: 'https://x', To: 'https://x/th/auth' })).toBe('ไทย');
    expect(render(source, { Site: 'https://x', To: 'https://x/auth' })).toBe('en');
    expect(render(source, { Site: 'https://x', To: '' })).toBe('none');
    // %.*s of a shorter string is the whole string, never an error.
    expect(render('{{ printf "%.*s|%d%%" 3 "ab" 7 }}')).toBe('ab|7%');
  });

  it('refuses what it does not implement rather than guess', () => {
    expect(() => parseTemplate('{{ .X | html }}')).toThrow();
    expect(() => parseTemplate('{{ range .X }}{{ end }}')).toThrow();
    expect(() => parseTemplate('{{ if .X }}')).toThrow(/end/);
    expect(() => parseTemplate('{{ end }}')).toThrow();
    expect(() => render('{{ $x = 1 }}')).toThrow(/undefined variable/);
  });

  it('bounds the template it reads', () => {
    expect(() => parseTemplate('x'.repeat(MAX_TEMPLATE_CHARS + 1))).toThrow(/too long/);
  });

  it("reads the project's recovery template, a branch per language", () => {
    const file = new URL('../../../supabase/templates/recovery.html', import.meta.url);
    const nodes = parseTemplate(readFileSync(file, 'utf8'));
    const data = { SiteURL: 'https://s', ConfirmationURL: 'https://s/v?a=1&b=2', Token: '123456' };
    const english = renderTemplate(nodes, { ...data, RedirectTo: 'https://s/auth' });
    expect(english).toBe(
      '<p>Follow this link to reset the password for your user:</p>\n' +
        '<p><a href="https://s/v?a=1&amp;b=2">Reset Password</a></p>\n' +
        '<p>Alternatively, enter the code: <strong>123456</strong></p>',
    );
    const others = LOCALES.filter((locale) => locale !== 'en').map((locale) =>
      renderTemplate(nodes, { ...data, RedirectTo: `https://s/${locale}/auth` }),
    );
    for (const text of others) expect(text).not.toBe(english);
    expect(new Set(others).size).toBe(others.length);
  });
});
