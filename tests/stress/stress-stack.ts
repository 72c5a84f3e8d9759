// The stack the stress suites run against: `npm start`'s server through the one launcher
// (tests/utils/stack-process.ts), with a known admin, the lottery on UTC and a JWT secret of the
// suite's own; the keys come from the stack's state file, as `npm run status` prints them.
import { randomBytes } from 'node:crypto';
import { startStackProcess, type StackProcess } from '../utils/stack-process.ts';

export const adminEmail = 'stress-admin@example.com';
export const adminPassword = 'stress-admin-password';

export interface StressStackOptions {
  port: number;
  dataDir: string;
  jwtSecret: string;
  seedDemo: boolean;
  /** How long `npm start` may take to print its banner. */
  readyTimeoutMs?: number;
}

export type StressStack = StackProcess;

export function newJwtSecret(): string {
  return randomBytes(32).toString('hex');
}

export async function startStressStack(options: StressStackOptions): Promise<StressStack> {
  const stack = await startStackProcess({
    port: options.port,
    dataDir: options.dataDir,
    readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
    env: {
      JWT_SECRET: options.jwtSecret,
      SEED_DEMO: String(options.seedDemo),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOTTERY_TIMEZONE: 'UTC',
    },
  });
  return stack;
}
