import { describe, expect, it } from 'vitest';
import { banDurationMs } from './admin-params.ts';
import { goDurationSeconds } from './settings.ts';

describe('Go durations from config.toml and the admin API', () => {
  it('reads max_frequency as the CLI writes it; anything else is 0', () => {
    expect(goDurationSeconds('1s')).toBe(1);
    expect(goDurationSeconds('1m30s')).toBe(90);
    expect(goDurationSeconds('2h')).toBe(7200);
    expect(goDurationSeconds('soon')).toBe(0);
    expect(goDurationSeconds(undefined)).toBe(0);
  });

  it('reads ban_duration like time.ParseDuration, "none" unbans, nonsense is a 400', () => {
    expect(banDurationMs('24h')).toBe(86_400_000);
    expect(banDurationMs('1h30m')).toBe(5_400_000);
    expect(banDurationMs('none')).toBe(0);
    for (const bad of ['forever', '', '10', '1h junk', '9'.repeat(40) + 'h']) {
      expect(() => banDurationMs(bad)).toThrow(/invalid format for ban duration/);
    }
  });
});
