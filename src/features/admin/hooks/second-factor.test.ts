import { describe, expect, it } from 'vitest';
import { secondFactorStep } from './second-factor';

describe('secondFactorStep', () => {
  it('asks an admin without a factor to enrol, and one with a factor for the code', () => {
    expect(secondFactorStep({ current: 'aal1', next: 'aal1' }, false)).toBe('enrol');
    expect(secondFactorStep({ current: 'aal1', next: 'aal2' }, false)).toBe('code');
  });

  it('asks nothing at aal2, and waits while the level is read', () => {
    expect(secondFactorStep({ current: 'aal2', next: 'aal2' }, false)).toBe('done');
    expect(secondFactorStep(undefined, false)).toBe('checking');
  });

  it('leaves a failed check to the database, which still refuses aal1 writes', () => {
    expect(secondFactorStep(undefined, true)).toBe('done');
  });
});
