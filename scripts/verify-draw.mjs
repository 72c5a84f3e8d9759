#!/usr/bin/env node
// Verifies one Lotto24 draw from public data alone (docs/decisions/012-verifiable-draws.md).
//
//   npm run verify -- 2026-11-23 14            (the local stack started with `npm start`)
//   node scripts/verify-draw.mjs 2026-11-23 14 --url https://<project>.supabase.co --key <anon key>
//
// The project comes from --url/--key, else SUPABASE_URL/SUPABASE_ANON_KEY, else the running local
// stack's DATA_DIR/stack.json (what `npm run status` reads). Node 20 built-ins only.
// Exit code: 0 verified, 1 not verified, 2 usage or network error.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ACCEPT_BELOW = 4_294_960_000; // floor(2^32 / 10,000) * 10,000: no prize is favoured

function usage(message) {
  console.error(`${message}\nUsage: npm run verify -- YYYY-MM-DD HOUR [--url URL --key ANON_KEY]`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { positional: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--url' || argv[i] === '--key') options[argv[i].slice(2)] = argv[++i];
    else options.positional.push(argv[i]);
  }
  const [date, hourText] = options.positional;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) usage('The date must be YYYY-MM-DD.');
  if (!/^\d{1,2}$/.test(hourText ?? '') || Number(hourText) > 23) usage('The hour must be 0-23.');
  return { date, hour: Number(hourText), url: options.url, key: options.key };
}

function project({ url, key }) {
  if (url && key) return { url: url.replace(/\/+$/, ''), key };
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY)
    return {
      url: process.env.SUPABASE_URL.replace(/\/+$/, ''),
      key: process.env.SUPABASE_ANON_KEY,
    };
  const dataDir = path.resolve(
    process.env.DATA_DIR || new URL('../.data', import.meta.url).pathname,
  );
  try {
    const state = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8'));
    return { url: state.url, key: state.anonKey };
  } catch {
    usage(`No project given and no running local stack in ${dataDir} (start it with npm start).`);
  }
}

/** GET one table through the public REST API, as any visitor can (the anon key). */
async function rows(api, table, query) {
  const response = await fetch(`${api.url}/rest/v1/${table}?${query}`, {
    headers: { apikey: api.key, Authorization: `Bearer ${api.key}` },
  }).catch((error) => {
    console.error(`Cannot reach ${api.url}: ${error.message}`);
    process.exit(2);
  });
  if (!response.ok) {
    console.error(`${table}: HTTP ${response.status} ${await response.text()}`);
    process.exit(2);
  }
  return response.json();
}

/** The UTC instant of a wall-clock time in an IANA zone (two fixed-point steps cover DST). */
function zonedInstant(date, hour, minute, timeZone) {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offset = (t) => {
    const p = Object.fromEntries(format.formatToParts(t).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  let t = wall - offset(wall);
  t = wall - offset(t);
  return new Date(t);
}

/** The documented derivation: HMAC-SHA-256(seed, 'lotto24:DATE:HH:C'), rejection sampled. */
function derive(seed, date, hour) {
  const steps = [];
  for (let counter = 0; ; counter++) {
    const message = `lotto24:${date}:${String(hour).padStart(2, '0')}:${counter}`;
    const value = createHmac('sha256', seed).update(message, 'ascii').digest().readUInt32BE(0);
    steps.push({ message, value });
    if (value < ACCEPT_BELOW) return { prize: String(value % 10_000).padStart(4, '0'), steps };
  }
}

function verdict(ok, message) {
  console.log(`\n${ok ? 'Verified' : message}`);
  process.exit(ok ? 0 : 1);
}

const args = parseArgs(process.argv.slice(2));
const api = project(args);
const where = `draw_date=eq.${args.date}&draw_hour=eq.${args.hour}`;
const [settings] = await rows(api, 'lottery_settings', 'select=timezone');
const [result] = await rows(api, 'lottery_results', `select=*&${where}`);
const [commitment] = await rows(api, 'draw_commitments', `select=*&${where}`);
const [revealed] = await rows(api, 'draw_seeds', `select=*&${where}`);
const timeZone = settings?.timezone ?? 'UTC';
const moment = zonedInstant(args.date, args.hour, 30, timeZone);

console.log(
  `Draw ${args.date} ${String(args.hour).padStart(2, '0')}:30 ${timeZone} = ${moment.toISOString()}`,
);
console.log(`Project ${api.url}`);
if (!result) verdict(false, 'Not drawn yet');
console.log(
  `Published result  ${result.first_prize} (source ${result.source}, drawn ${result.created_at})`,
);
if (result.previous_prize)
  console.log(`Corrected from ${result.previous_prize} at ${result.corrected_at}`);
if (result.source !== 'system') verdict(false, 'Entered by the operator: not verifiable by seed');
if (!commitment) verdict(false, 'Not verified: no commitment was published for this draw');
console.log(
  `Commitment        ${commitment.commitment}\nCommitted at      ${commitment.committed_at}`,
);
const leadMinutes = Math.floor((moment - new Date(commitment.committed_at)) / 60_000);
console.log(`Lead              ${leadMinutes} minutes before the draw`);
// The promise is "an earlier day on the lottery clock" (ADR 012); en-CA formats as yyyy-mm-dd.
const committedDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(
  new Date(commitment.committed_at),
);
if (!revealed) verdict(false, 'Not verified: the seed has not been revealed');
const seed = Buffer.from(revealed.seed, 'hex');
const hash = createHash('sha256').update(seed).digest('hex');
console.log(`Seed              ${revealed.seed}\nSHA-256(seed)     ${hash}`);
if (hash !== commitment.commitment)
  verdict(false, 'Not verified: the seed does not match the commitment');
const { prize, steps } = derive(seed, args.date, args.hour);
for (const step of steps)
  console.log(
    `HMAC ${step.message}  first 4 bytes ${step.value} ${step.value < ACCEPT_BELOW ? `accepted: ${step.value} mod 10000 = ${prize}` : `>= ${ACCEPT_BELOW}: rejected`}`,
  );
if (prize !== result.first_prize)
  verdict(
    false,
    `Not verified: the seed derives ${prize}, the published result is ${result.first_prize}`,
  );
if (new Date(commitment.committed_at) > moment)
  verdict(false, 'Not verified: the commitment was published after the draw');
if (committedDay >= args.date)
  console.log(
    `\nCommitted the draw's own day, not the day before: this proves the number was fixed ${leadMinutes} minutes before the draw and not changed since, not that it was fixed a day ahead.`,
  );
verdict(true);
