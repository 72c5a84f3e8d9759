import { describe, expect, it } from 'vitest';
import { HEADER_END, mergeReport } from './report-merge.ts';
import { figureProblem } from './run-once.ts';

const section = (name: string, text: string) =>
  `<!-- bench:${name} -->\n## ${name}\n\n${text}\n<!-- /bench:${name} -->`;
const header = (date: string) => `# Benchmarks\n\nLast run ${date}.\n${HEADER_END}`;
const ORDER = ['rest', 'start', 'lighthouse', 'beacon'];

// What docs/benchmarks.md looked like before the header had its end marker: hand-written
// sections between generated ones (the bug: a rerun dropped them).
const LEGACY = [
  '# Benchmarks\n\nLast run yesterday.\n',
  section('rest', 'old rest'),
  section('lighthouse', 'old lighthouse'),
  '## Services apart (ADR 017)\n\nHand-written, measured by hand.',
  '## Preview images (ADR 022)\n\nAlso by hand.',
  section('beacon', 'old beacon'),
  '## Notes at the end\n\nKept too.\n',
].join('\n\n');

describe('mergeReport', () => {
  it('keeps hand-written sections and replaces only rerun ones in place', () => {
    const merged = mergeReport(
      LEGACY,
      header('today'),
      new Map([['lighthouse', section('lighthouse', 'new lighthouse')]]),
      ORDER,
    );
    expect(merged).toContain('Last run today.');
    expect(merged).not.toContain('Last run yesterday.');
    expect(merged).toContain('new lighthouse');
    expect(merged).not.toContain('old lighthouse');
    for (const kept of [
      'old rest',
      'old beacon',
      'Hand-written, measured by hand.',
      'Also by hand.',
    ])
      expect(merged).toContain(kept);
    expect(merged).toContain('## Notes at the end');
    // Order: the hand-written sections stay between lighthouse and beacon.
    const at = (text: string) => merged.indexOf(text);
    expect(at('new lighthouse')).toBeLessThan(at('## Services apart'));
    expect(at('## Preview images')).toBeLessThan(at('old beacon'));
  });

  it('puts a section new to the file after the one before it in the list', () => {
    const merged = mergeReport(
      LEGACY,
      header('today'),
      new Map([['start', section('start', 'S')]]),
      ORDER,
    );
    const at = (text: string) => merged.indexOf(text);
    expect(at('old rest')).toBeLessThan(at('<!-- bench:start -->'));
    expect(at('<!-- /bench:start -->')).toBeLessThan(at('<!-- bench:lighthouse -->'));
  });

  it('replaces only the header on a second run, and is stable when nothing changes', () => {
    const once = mergeReport(LEGACY, header('today'), new Map(), ORDER);
    const twice = mergeReport(once, header('tomorrow'), new Map(), ORDER);
    expect(twice).toBe(once.replace('Last run today.', 'Last run tomorrow.'));
    expect(twice.match(/# Benchmarks/g)).toHaveLength(1);
    expect(twice).toContain('## Services apart (ADR 017)');
  });

  it('passes sections not rerun through keep', () => {
    const merged = mergeReport(LEGACY, header('today'), new Map(), ORDER, (kept) =>
      kept.replace('old', 'kept'),
    );
    expect(merged).toContain('kept rest');
    expect(merged).toContain('kept beacon');
  });

  it('writes a new file in list order', () => {
    const merged = mergeReport(
      undefined,
      header('today'),
      new Map([
        ['beacon', section('beacon', 'B')],
        ['rest', section('rest', 'R')],
      ]),
      ORDER,
    );
    expect(merged.indexOf('bench:rest')).toBeLessThan(merged.indexOf('bench:beacon'));
    expect(merged.startsWith('# Benchmarks')).toBe(true);
  });
});

describe('figureProblem', () => {
  const figure = (value: number) => ({
    name: 'warm start',
    unit: 'ms',
    value,
    better: 'lower' as const,
  });
  it('fails a run that reported no figure or a figure without a value', () => {
    expect(figureProblem(undefined)).toBe('it reported no figures');
    expect(figureProblem([])).toBe('it reported no figures');
    expect(figureProblem([figure(NaN)])).toBe('no value for warm start');
    expect(figureProblem([figure(12)])).toBeUndefined();
  });
});
