// The end-to-end tests' server (playwright.config.ts's webServer runs `tsx tests/utils/serve-stack.ts`):
// the stack through the one launcher, on PORT over a wiped DATA_DIR, configured only by the
// variables the config sets, never by the shell Playwright was started from.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadLocalBeacon } from '../../server/src/beacon/local-chain.ts';
import { startStackProcess } from './stack-process.ts';

const FORWARDED = [
  'SEED_DEMO',
  'LOTTERY_TIMEZONE',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'MAILBOX',
  'GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY',
  'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS',
  'BEACON_CHAIN',
  'BEACON_LOCAL_URL',
];
const { PORT, DATA_DIR } = process.env;
if (!PORT || !DATA_DIR) throw new Error('serve-stack needs PORT and DATA_DIR');

const dataDir = path.resolve(DATA_DIR);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// The local test beacon began two days before the stack, as the beacon suites' beacons do
// (tests/integration/beacon-draws.test.ts): a draw of the past hours has a round on it, so
// tests/e2e/beacon-draw-live.spec.ts can make one due without waiting for the next HH:30.
loadLocalBeacon(dataDir, Date.now() / 1000 - 2 * 86_400);

const stack = await startStackProcess({
  port: Number(PORT),
  dataDir,
  env: Object.fromEntries(
    FORWARDED.flatMap((name) =>
      process.env[name] === undefined ? [] : [[name, process.env[name]!]],
    ),
  ),
  echo: true,
  // Playwright ends its webServer by killing its process group: the stack must be in it.
  ownGroup: false,
});
console.log(stack.output.join('\n'));
const stop = () => void stack.stop({ keepData: true }).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
stack.child.once('exit', (code) => process.exit(code ?? 1));
