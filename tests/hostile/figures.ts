// What a hostile run measures and how it is summed up: every latency as a ratio to the same
// probe's own baseline in the same run (machines differ; a ratio travels).
import { median } from '../utils/read-today.ts';
import type { ClockFigures } from './draw-clock.ts';
import type { ResourceFigures } from './resources.ts';

/** Where the observer process looks (harness.ts hands it over in HOSTILE_OBSERVER). */
export interface ObserverTarget {
  url: string;
  anonKey: string;
  databaseUrl: string;
  /** Today on the lottery's clock, as the Today page asks for it. */
  today: string;
}

type Phases = { baseline: number[]; attack: number[] };
export interface ProbeSamples {
  read: Phases;
  http: Phases;
  heartbeat: Phases;
  join: Phases;
  change: Phases;
  failures: string[];
}

export interface ProbeFigures {
  baselineMs: number;
  medianMs: number;
  worstMs: number;
  /** Median during the attack over the baseline's median (at least FLOOR_MS). */
  ratio: number;
  count: number;
}

/**
 * A baseline under a few milliseconds is mostly scheduler noise: dividing by it would turn one
 * context switch into a "10x". Ratios are taken against at least this much.
 */
const FLOOR_MS = 3;

export function probeFigures({ baseline, attack }: Phases): ProbeFigures {
  const baselineMs = median(baseline);
  const medianMs = median(attack);
  return {
    baselineMs,
    medianMs,
    worstMs: attack.length ? Math.max(...attack) : Number.NaN,
    ratio: medianMs / Math.max(baselineMs, FLOOR_MS),
    count: attack.length,
  };
}

export interface Figures<Outcome> {
  attack: string;
  seconds: number;
  /** The attack's own account: what it sent, what was refused. */
  outcome: Outcome;
  read: ProbeFigures;
  http: ProbeFigures;
  heartbeat: ProbeFigures;
  join: ProbeFigures;
  change: ProbeFigures;
  failures: string[];
  clock: ClockFigures;
  resources: ResourceFigures;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');
const probe = (name: string, p: ProbeFigures) =>
  `${name} ${ms(p.baselineMs)}→${ms(p.medianMs)} ms (x${p.ratio.toFixed(1)}, worst ${ms(p.worstMs)})`;

/** The one line each hostile test prints. */
export function figuresLine(figures: Figures<object>): string {
  const { clock, resources: r } = figures;
  return [
    `hostile ${figures.attack} (${figures.seconds.toFixed(1)} s)`,
    probe('read', figures.read),
    probe('change', figures.change),
    probe('http loop', figures.http),
    probe('ws heartbeat', figures.heartbeat),
    probe('join', figures.join),
    `draw clock ${clock.ticks} ticks, max gap ${ms(clock.maxGapMs)} ms`,
    `memory ${r.baseMiB}→${r.peakMiB} MiB (PostgreSQL ${r.basePgMiB}→${r.peakPgMiB}), fds ${r.baseFds}→${r.peakFds}, died ${r.died.length}, restarted ${r.restarted}`,
    `failures ${figures.failures.length}`,
    JSON.stringify(figures.outcome),
  ].join('; ');
}
