import { expect, test } from 'vitest';
import { firstTooDeep, nestsDeeperThan } from './json-depth.ts';

test('finds the first bracket past the limit, counting arrays and objects alike', () => {
  expect(firstTooDeep('[{"a":[1]}]', 3)).toBe(-1);
  expect(firstTooDeep('[{"a":[1]}]', 2)).toBe(6);
  expect(nestsDeeperThan('[[[[', 3)).toBe(true);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[', b: '\\"[[[[' }), 1)).toBe(false);
});

test('a 200,000-deep text is answered in one pass, without recursion', () => {
  expect(firstTooDeep('['.repeat(200_000), 64)).toBe(64);
});
