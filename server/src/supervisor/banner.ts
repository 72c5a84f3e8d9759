import type { AdminAccount } from '../seed/admin.ts';
import { describeStack, type StackState } from '../stack-state.ts';
import type { Prepared, Settled } from './prepare.ts';

/** The start banner; tests and launchers wait for its `Lotto24 is running at` line. */
export function printBanner(prepared: Prepared & Settled, state: StackState): void {
  const { config, seeded, autoDraw } = prepared;
  const admin: AdminAccount = prepared.admin;
  const url = state.url;
  const lines = [
    '',
    `  Lotto24 is running at ${url}`,
    '',
    ...describeStack(state),
    `  database          ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}`,
    `  lottery timezone  ${config.timezone}`,
    autoDraw === undefined ? '' : `  automatic draws   ${autoDraw ? 'on' : 'off'}`,
    // What a beacon draw proves depends on whose beacon it is: say so where the operator looks.
    !prepared.beacon
      ? ''
      : prepared.beacon.independent
        ? '  beacon            drand quicknet'
        : '  beacon            local test beacon: not independent (BEACON_CHAIN=quicknet for drand)',
    seeded > 0 ? `  demo data         ${seeded} results seeded` : '',
    '',
    admin.password
      ? `  Sign in as admin at ${url}/auth with\n    email     ${admin.email}\n    password  ${admin.password}\n  (printed once: keep it, or set ADMIN_EMAIL/ADMIN_PASSWORD)`
      : admin.email
        ? `  Sign in as admin at ${url}/auth as ${admin.email}`
        : `  Grant admin to an account with: npm run admin -- grant <email>`,
    // Issue 25: changes to results need aal2, so the first sign-in sets up a second factor.
    admin.email
      ? '  The first sign-in sets up an authenticator app (scan its QR code); every later one\n  asks for its 6-digit code. Lost phone: npm run admin -- remove-factor <email>.'
      : '',
    '',
    '  Stop with Ctrl+C.',
    '',
  ];
  console.log(lines.filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n'));
}
