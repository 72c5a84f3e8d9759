// Verifies one Lotto24 draw from public data alone (docs/decisions/012-verifiable-draws.md and
// 023-beacon-draws.md, "Verification"), with the same module the browser runs
// (src/lib/beacon/proof.ts):
//
//   npm run verify -- 2026-11-23 14                       (the local stack started with npm start)
//   npm run verify -- 2026-11-23 14 --url https://<project>.supabase.co --key <anon key>
//   npm run verify -- 2026-11-23 14 --save draw.proof.json   (also writes the draw's proof)
//   npm run verify -- --proof draw.proof.json             (no network at all)
//
// The project comes from --url/--key, else SUPABASE_URL/SUPABASE_ANON_KEY, else the running local
// stack's DATA_DIR/stack.json. Exit code: 0 verified, 1 not verified, 2 usage, network or file error.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  buildProof,
  parseProof,
  ProofFormatError,
  proofJson,
  STEP_TITLES,
  verifyProof,
  type DrawProof,
} from '../src/lib/beacon/proof.ts';

import {
  fetchPublicRows,
  NetworkError,
  projectOf,
  UsageError,
  type FetchedRows,
} from './verify-draw-rows.ts';

const USAGE =
  'Usage: npm run verify -- YYYY-MM-DD HOUR [--url URL --key ANON_KEY] [--save FILE]\n' +
  '       npm run verify -- --proof FILE';
const ACCEPT_BELOW = 4_294_960_000;
const MARK = { ok: 'ok', failed: 'FAILED', 'not-applicable': 'n/a' } as const;

interface Args {
  date?: string;
  hour?: number;
  url?: string;
  key?: string;
  save?: string;
  proof?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i]!;
    if (['--url', '--key', '--save', '--proof'].includes(flag)) {
      const value = argv[(i += 1)];
      if (!value) throw new UsageError(`${flag} needs a value.`);
      args[flag.slice(2) as 'url' | 'key' | 'save' | 'proof'] = value;
    } else positional.push(flag);
  }
  if (args.proof) {
    if (positional.length > 0 || args.save) throw new UsageError('--proof takes a file alone.');
    return args;
  }
  const [date, hourText] = positional;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) throw new UsageError('The date must be YYYY-MM-DD.');
  if (!/^\d{1,2}$/.test(hourText ?? '') || Number(hourText) > 23) {
    throw new UsageError('The hour must be 0-23.');
  }
  return { ...args, date, hour: Number(hourText) };
}

const line = (label: string, value: string) => console.log(`${label.padEnd(18)}${value}`);

function printDraw(proof: DrawProof, rows?: FetchedRows) {
  const { draw, commitment, seed, lock } = proof;
  line(
    'Draw',
    `${draw.date} ${String(draw.hour).padStart(2, '0')}:30 ${draw.time_zone} = ${draw.drawn_at}`,
  );
  if (draw.prize !== null) {
    const by = draw.source === 'system' ? 'drawn by the system' : 'entered by the operator';
    const when = rows?.result ? `, at ${rows.result.created_at}` : '';
    line('Published result', `${draw.prize} (${by}${when})`);
  }
  if (rows?.result?.previous_prize) {
    console.log(`Corrected from ${rows.result.previous_prize} at ${rows.result.corrected_at}`);
  }
  if (rows) line('Beacon since', rows.beaconSince ?? 'not switched on (seed commitment only)');
  if (commitment) {
    line('Commitment', commitment.commitment);
    line('Committed at', commitment.committed_at);
    const lead = Math.floor(
      (Date.parse(draw.drawn_at) - Date.parse(commitment.committed_at)) / 60_000,
    );
    line('Lead', `${lead} minutes before the draw`);
  }
  if (seed) line('Seed', seed);
  if (lock) {
    line('Beacon round', `${lock.round} of chain ${lock.chain_hash}`);
    line('Time-locked at', lock.locked_at ?? 'not sealed');
  }
}

async function check(proof: DrawProof, rows?: FetchedRows): Promise<number> {
  printDraw(proof, rows);
  const result = await verifyProof(proof);
  if (result.chainLabel) line('Beacon', result.chainLabel);
  console.log('');
  result.steps.forEach((step, index) => {
    const title = `${index + 1}. ${STEP_TITLES[step.step]}`;
    console.log(`${title.padEnd(22)}${MARK[step.status].padEnd(8)}${step.message}`);
    if (step.step === 'derivation' && result.derivation) {
      for (const attempt of result.derivation.attempts) {
        console.log(
          `     HMAC ${attempt.message}  first 4 bytes ${attempt.value} ${attempt.accepted ? `accepted: ${attempt.value} mod 10000 = ${result.derivation.prize}` : `>= ${ACCEPT_BELOW}: rejected`}`,
        );
      }
    }
  });
  const { commitment, draw } = proof;
  if (result.outcome === 'verified' && commitment) {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: draw.time_zone }).format(
      new Date(commitment.committed_at),
    );
    if (day >= draw.date) {
      console.log(
        "\nCommitted the draw's own day, not the day before: this proves the number was fixed before the draw and not changed since, not that it was fixed a day ahead.",
      );
    }
  }
  console.log(`\n${result.summary}`);
  return result.outcome === 'verified' ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.proof) {
    line('Proof file', args.proof);
    return check(parseProof(readFileSync(args.proof, 'utf8')));
  }
  const api = projectOf(args.url, args.key);
  const rows = await fetchPublicRows(api, args.date!, args.hour!);
  line('Project', api.url);
  const proof = buildProof(rows);
  if (args.save) {
    writeFileSync(args.save, proofJson(proof));
    line('Proof saved to', args.save);
  }
  return check(proof, rows);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else if (error instanceof ProofFormatError || error instanceof NetworkError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(`No such file: ${(error as NodeJS.ErrnoException).path}`);
  } else throw error;
  process.exitCode = 2;
}
