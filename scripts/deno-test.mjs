// `npm run test:deno`: type-checks each edge function's Deno entry point and runs its Deno tests,
// with the Deno binary from the `deno` npm package. Offline on purpose: DENO_NO_PACKAGE_JSON keeps
// Deno from treating the repo as a Node project, and `--node-modules-dir=manual` lets the
// function's `npm:` imports resolve from the node_modules npm already installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const deno = path.join(
  root,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'deno.cmd' : 'deno',
);
const functionsDir = path.join(root, 'supabase', 'functions');
const extraArgs = process.argv.slice(2);

if (!existsSync(deno)) {
  console.error(`deno not found at ${deno}: run npm install`);
  process.exit(1);
}

function run(args) {
  const result = spawnSync(deno, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DENO_NO_PACKAGE_JSON: '1' },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// A function is a folder with a deno.json; `_shared`-style folders are not deployed on their own.
const functions = existsSync(functionsDir)
  ? readdirSync(functionsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
      .map((e) => path.join(functionsDir, e.name))
      .filter((dir) => existsSync(path.join(dir, 'deno.json')))
  : [];

let failed = false;
for (const dir of functions) {
  const common = [
    '--no-lock',
    '--node-modules-dir=manual',
    '--config',
    path.join(dir, 'deno.json'),
  ];
  const name = path.basename(dir);
  console.log(`\n# ${name}`);
  if (
    existsSync(path.join(dir, 'index.ts')) &&
    run(['check', ...common, path.join(dir, 'index.ts')]) !== 0
  )
    failed = true;
  // Loopback only: the handler tests point at a closed local port; nothing reaches the network.
  if (run(['test', ...common, '--allow-net=127.0.0.1', ...extraArgs, dir]) !== 0) failed = true;
}
if (functions.length === 0) console.log('No edge functions with a deno.json found.');
process.exit(failed ? 1 : 0);
