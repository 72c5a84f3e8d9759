import { describe, expect, it } from 'vitest';
import { MAX_MEASURED_FACTOR, readLoadFactor } from './load-factor.ts';

describe('readLoadFactor', () => {
  it('takes TEST_LOAD_FACTOR as given, within 1 to 10', () => {
    expect(readLoadFactor({ TEST_LOAD_FACTOR: '2.5' }, () => 9)).toBe(2.5);
    for (const bad of ['0.5', '11', 'fast', 'Infinity'])
      expect(() => readLoadFactor({ TEST_LOAD_FACTOR: bad })).toThrow(/from 1 to 10/);
  });

  it('measures the load per core, from 1 up to its bound, and hands it to child processes', () => {
    const quiet: NodeJS.ProcessEnv = {};
    expect(readLoadFactor(quiet, () => 0.2)).toBe(1);
    expect(quiet.TEST_LOAD_FACTOR).toBe('1');
    expect(readLoadFactor({}, () => 2.34)).toBe(2.3);
    const busy: NodeJS.ProcessEnv = {};
    expect(readLoadFactor(busy, () => 7.4)).toBe(MAX_MEASURED_FACTOR);
    expect(busy.TEST_LOAD_FACTOR).toBe(String(MAX_MEASURED_FACTOR));
  });
});
