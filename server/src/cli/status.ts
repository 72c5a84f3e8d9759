import { resolveDataDir } from '../config.ts';
import { describeStack, readStackState } from '../stack-state.ts';

// `npm run status`: what `supabase status` prints, for the stack running from DATA_DIR.
const dataDir = resolveDataDir();
const state = readStackState(dataDir);
if (!state) {
  console.error(`No running stack found in ${dataDir}. Start it with \`npm start\` first.`);
  process.exit(1);
}
console.log(
  [
    '',
    `  Lotto24 is running at ${state.url} (pid ${state.pid})`,
    '',
    ...describeStack(state),
    '',
  ].join('\n'),
);
