import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { SignJWT } from 'jose';
import { repoRoot } from '../../server/src/config.ts';

export const adminEmail = 'stress-admin@example.com';
export const adminPassword = 'stress-admin-password';

export interface StackProcessOptions {
  port: number;
  dataDir: string;
  jwtSecret: string;
  seedDemo: boolean;
  /** How long `npm start` may take to print its banner. */
  readyTimeoutMs?: number;
}

/** A stack started the way `npm start` starts it, in its own process group. */
export interface StackProcess {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** From spawn to the banner: tsx start, crash recovery, migrations, seeding, admin. */
  readyMs: number;
  /** Everything it printed, for a failure message. */
  output: string[];
}

export function newJwtSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The project keys exactly as server/src/stack.ts signs them, so the gateway admits them. */
export async function projectKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'lotto24', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(1_735_689_600)
    .setExpirationTime(2_051_222_400)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Runs `npx tsx server/src/main.ts` (what `npm start` runs after building) and resolves once it
 * prints its banner. `detached` gives it a process group of its own, so a crash can kill npx,
 * tsx, the stack and the postmaster in one signal.
 */
export async function startStackProcess(options: StackProcessOptions): Promise<StackProcess> {
  const started = performance.now();
  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.jwtSecret,
      SEED_DEMO: String(options.seedDemo),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOTTERY_TIMEZONE: 'UTC',
    },
  });
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > 200) output.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);
  const lines = createInterface({ input: child.stdout! });
  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner within ${timeoutMs} ms:\n${output.join('\n')}`)),
      timeoutMs,
    );
    lines.on('line', (line) => {
      keep(line);
      if (line.includes('Lotto24 is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`stack exited (${code ?? signal}) before ready:\n${output.join('\n')}`));
    });
  });
  const readyMs = performance.now() - started;
  const state = JSON.parse(readFileSync(path.join(options.dataDir, 'stack.json'), 'utf8')) as {
    url: string;
    anonKey: string;
  };
  const anonKey = await projectKey('anon', options.jwtSecret);
  if (anonKey !== state.anonKey) throw new Error('the stack signs its keys differently');
  return {
    child,
    url: state.url,
    anonKey,
    serviceRoleKey: await projectKey('service_role', options.jwtSecret),
    readyMs,
    output,
  };
}

/** A clean stop as Ctrl+C in a terminal makes it: SIGINT to the whole process group. */
export async function stopStackProcess(stack: StackProcess): Promise<void> {
  if (stack.child.exitCode !== null || stack.child.signalCode !== null) return;
  const exited = new Promise((resolve) => stack.child.once('exit', resolve));
  process.kill(-stack.child.pid!, 'SIGINT');
  await exited;
}
