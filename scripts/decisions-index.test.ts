import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../server/src/config.ts';

const dir = path.join(repoRoot, 'docs', 'decisions');
const adrs = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');

/** The index's rows: `| [NNN](file) | title | date | status |`. */
const rows = new Map(
  [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) +\| (.+?) +\| ([\d-]+) +\| (.+?) +\|$/gm)].map(
    ([, number, file, title, date]) => [number!, { file: file!, title: title!, date: date! }],
  ),
);

/** An ADR's first heading without its number: `# 017: The local stack's …` → `The local stack's …`. */
const titleOf = (text: string) => /^# \d{3}:? (.+)$/m.exec(text)?.[1];
/** `**Date:** 2026-11-26` or `- Date: 2026-11-26`. */
const dateOf = (text: string) => /^(?:\*\*Date:\*\*|- Date:) (\d{4}-\d{2}-\d{2})/m.exec(text)?.[1];
const hasStatus = (text: string) => /^(?:\*\*Status:\*\*|- Status:) \S/m.test(text);
/** Every ADR has these second-level headings once each, in this order; others may sit between. */
const SECTIONS = ['Context', 'Decision', 'Consequences'];
const sectionsOf = (text: string) =>
  [...text.matchAll(/^## (.+?)\s*$/gm)]
    .map(([, heading]) => heading!)
    .filter((heading) => SECTIONS.includes(heading));

describe('docs/decisions/README.md', () => {
  it.each(adrs)('lists %s with its title and date, and the ADR has a status', (name) => {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const row = rows.get(name.slice(0, 3));
    expect(row, `${name} is missing from the index`).toBeDefined();
    expect(row!.file).toBe(name);
    expect(row!.title).toBe(titleOf(text));
    expect(dateOf(text), `${name} has no Date line`).toBe(row!.date);
    expect(hasStatus(text), `${name} has no Status line`).toBe(true);
  });

  it.each(adrs)('%s has Context, Decision and Consequences once each, in order', (name) => {
    const text = readFileSync(path.join(dir, name), 'utf8');
    expect(sectionsOf(text)).toEqual(SECTIONS);
  });

  it('lists exactly the ADRs in the folder', () => {
    expect([...rows.values()].map((row) => row.file).sort()).toEqual(adrs);
  });
});
