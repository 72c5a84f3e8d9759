// The stack the stress suites run against: `npm start`'s server through the one launcher
// (tests/utils/stack-process.ts), with a known admin, the lottery on UTC and a JWT secret of the
// suite's own, so it can hold the service_role key as an operator would.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
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

export interface StressStack extends StackProcess {
  serviceRoleKey: string;
}

export function newJwtSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The project keys exactly as server/src/stack.ts signs them, so the gateway admits them. */
async function projectKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'lotto24', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(1_735_689_600)
    .setExpirationTime(2_051_222_400)
    .sign(new TextEncoder().encode(secret));
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
  if ((await projectKey('anon', options.jwtSecret)) !== stack.anonKey) {
    await stack.stop({ keepData: true });
    throw new Error('the stack signs its keys differently');
  }
  return Object.assign(stack, {
    serviceRoleKey: await projectKey('service_role', options.jwtSecret),
  });
}
