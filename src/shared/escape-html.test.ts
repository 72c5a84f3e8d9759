import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can end a text or an attribute', () => {
    expect(escapeHtml(`Tom & Jerry's "<b>"`)).toBe('Tom &amp; Jerry&#39;s &quot;&lt;b&gt;&quot;');
  });

  it('leaves other text, Thai included, as it is', () => {
    expect(escapeHtml('ผลหวย 07:30 / #1')).toBe('ผลหวย 07:30 / #1');
  });
});
