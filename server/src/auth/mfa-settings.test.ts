import { describe, expect, it } from 'vitest';
import type { SupabaseToml } from '../config.ts';
import type { StackContext } from '../context.ts';
import { mfaSettings } from './mfa-settings.ts';

const withToml = (project: SupabaseToml) =>
  ({
    config: { project, rateLimits: { windowSeconds: 300, perIp: 30, perEmail: 10 } },
  }) as unknown as StackContext;

describe('[auth.mfa] from config.toml', () => {
  it('leaves every factor type off and 10 factors when the block is absent (the CLI defaults)', () => {
    expect(mfaSettings(withToml({}))).toMatchObject({
      totpEnroll: false,
      totpVerify: false,
      phoneEnroll: false,
      webAuthnEnroll: false,
      maxEnrolledFactors: 10,
      challengeExpirySeconds: 300,
    });
  });

  it('reads TOTP switches and the factor limit, bounded', () => {
    const on = { auth: { mfa: { max_enrolled_factors: 3, totp: { enroll_enabled: true } } } };
    expect(mfaSettings(withToml(on))).toMatchObject({
      totpEnroll: true,
      totpVerify: false,
      maxEnrolledFactors: 3,
    });
    const huge = { auth: { mfa: { max_enrolled_factors: 1e9 } } };
    expect(mfaSettings(withToml(huge)).maxEnrolledFactors).toBe(100);
  });

  it('the project turns TOTP on', async () => {
    const { readSupabaseToml } = await import('../config.ts');
    expect(mfaSettings(withToml(readSupabaseToml()))).toMatchObject({
      totpEnroll: true,
      totpVerify: true,
    });
  });
});
