import type { Assurance } from '../api/get-assurance';

/**
 * What the dashboard asks of an admin before changes: `enrol` an authenticator app (none yet),
 * a `code` from one (password only so far: aal1 with aal2 in reach), or nothing (`done`).
 */
export type SecondFactorStep = 'checking' | 'enrol' | 'code' | 'done';

/**
 * A check that failed asks nothing: the database still refuses an aal1 write, and each write
 * explains that refusal (api/write-guard.ts), so the admin is not stuck behind a spinner.
 */
export function secondFactorStep(
  assurance: Assurance | undefined,
  failed: boolean,
): SecondFactorStep {
  if (failed) return 'done';
  if (!assurance) return 'checking';
  if (assurance.current === 'aal2') return 'done';
  return assurance.next === 'aal2' ? 'code' : 'enrol';
}
