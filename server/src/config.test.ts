import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = (extra: NodeJS.ProcessEnv = {}) => ({
  DATA_DIR: dataDir,
  JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
  ...extra,
});

describe('the MFA guessing bound', () => {
  it("is GoTrue's 15 a minute unless its own variable says otherwise", () => {
    expect(resolveConfig({}, env()).rateLimits.mfaPerMinute).toBe(15);
    const raised = env({ GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: '600' });
    expect(resolveConfig({}, raised).rateLimits.mfaPerMinute).toBe(600);
  });

  it('keeps 15 for a value that is no whole positive number (a typo is no 0)', () => {
    for (const value of ['0', '-3', '1.5', 'lots', '']) {
      const config = resolveConfig({}, env({ GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: value }));
      expect(config.rateLimits.mfaPerMinute, value).toBe(15);
    }
  });
});

describe('the sign-in and sign-up bound per address', () => {
  it("is config.toml's sign_in_sign_ups unless AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS says otherwise", () => {
    expect(resolveConfig({}, env()).rateLimits.perIp).toBe(30);
    const raised = env({ AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' });
    expect(resolveConfig({}, raised).rateLimits.perIp).toBe(1000);
    const typo = env({ AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: 'lots' });
    expect(resolveConfig({}, typo).rateLimits.perIp).toBe(30);
  });
});
