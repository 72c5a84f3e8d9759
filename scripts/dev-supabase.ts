// `npm run dev:supabase`: Vite's dev server against the Supabase CLI's Docker stack
// (`supabase start`), with the URL and key that `supabase status -o json` prints handed to the
// app as VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, the way a build for hosted Supabase gets
// them. Nothing of the local stack is used: no runtime config page, no proxy. Extra arguments go
// to Vite (`npm run dev:supabase -- --port 5174`).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the app needs from `supabase status -o json` (apps/cli-go/internal/status/status.go names). */
export interface CliStack {
  apiUrl: string;
  anonKey: string;
  mailUrl?: string;
  studioUrl?: string;
}

/**
 * The stack from the CLI's JSON. ANON_KEY first (a JWT, what every API of this app accepts), then
 * PUBLISHABLE_KEY, which newer CLIs print beside it and may one day print alone.
 */
export function parseCliStatus(stdout: string): CliStack {
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error('supabase status printed no JSON');
  const status = JSON.parse(stdout.slice(start)) as Record<string, unknown>;
  const text = (name: string) =>
    typeof status[name] === 'string' && status[name] !== '' ? status[name] : undefined;
  const apiUrl = text('API_URL');
  const anonKey = text('ANON_KEY') ?? text('PUBLISHABLE_KEY');
  if (!apiUrl || !anonKey)
    throw new Error('supabase status has no API_URL or key: is the API (Kong) or auth disabled?');
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    anonKey,
    mailUrl: text('MAILPIT_URL') ?? text('INBUCKET_URL'),
    studioUrl: text('STUDIO_URL'),
  };
}

function readCliStack(): CliStack {
  const result = spawnSync('supabase', ['status', '-o', 'json'], { encoding: 'utf8' });
  if (result.error) {
    throw new Error(
      'The Supabase CLI is not on PATH. Install it (https://supabase.com/docs/guides/local-development), run `supabase start`, then this again.',
    );
  }
  if (result.status !== 0) {
    throw new Error(`supabase status failed: is \`supabase start\` running?\n${result.stderr}`);
  }
  return parseCliStatus(result.stdout);
}

function main(): void {
  let stack: CliStack;
  try {
    stack = readCliStack();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(`Supabase CLI stack: ${stack.apiUrl}`);
  if (stack.mailUrl) console.log(`Mail (sign-up, password recovery): ${stack.mailUrl}`);
  if (stack.studioUrl) console.log(`Studio: ${stack.studioUrl}`);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const vite = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        VITE_SUPABASE_URL: stack.apiUrl,
        VITE_SUPABASE_ANON_KEY: stack.anonKey,
      },
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => vite.kill(signal));
  vite.once('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
