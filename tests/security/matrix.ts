// The access matrix in one place: what each caller may do to each relation and function exposed
// through /rest/v1. catalog.test.ts fails when PostgreSQL has a public table, view or function
// missing here, so a new one cannot ship untested; rest-matrix and rpc-matrix run every cell.
import type { Role } from './harness.ts';

export const OPERATIONS = ['select', 'insert', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * select: `all` every row · `published` drawn results only · `own` the caller's rows ·
 *         `none` 200 with no row although rows exist · `denied` 401/403 42501.
 * writes: `done` the row is written · `none` 200, nothing written (RLS hides the target) ·
 *         `denied` 401/403 42501, nothing written · `conflict` allowed but the singleton refuses (409) ·
 *         `mfa` 403 42501 "Two-factor authentication required", nothing written: an admin
 *         without the second factor (`admin_aal1`, ADR 025), even where the target exists.
 */
export type Outcome = 'all' | 'published' | 'own' | 'none' | 'denied' | 'done' | 'conflict' | 'mfa';

type Cells = Record<Operation, Record<Role, Outcome>>;

export const TABLE_MATRIX: Record<string, Cells> = {
  lottery_results: {
    select: {
      anon: 'published',
      user: 'published',
      admin_aal1: 'all',
      admin: 'all',
      service: 'all',
    },
    insert: { anon: 'denied', user: 'denied', admin_aal1: 'mfa', admin: 'done', service: 'done' },
    update: { anon: 'denied', user: 'none', admin_aal1: 'mfa', admin: 'done', service: 'done' },
    delete: { anon: 'denied', user: 'none', admin_aal1: 'mfa', admin: 'done', service: 'done' },
  },
  lottery_settings: {
    select: { anon: 'all', user: 'all', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'conflict',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'done',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'done',
    },
  },
  // Nobody but the service role grants, moves or revokes a role: not a user for themselves,
  // not an admin for someone else.
  user_roles: {
    select: { anon: 'denied', user: 'own', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'done',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'done',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'done',
    },
  },
  // Monthly totals for the statistics: a month shows once its last draw is published.
  draw_stats_monthly: {
    select: {
      anon: 'published',
      user: 'published',
      admin_aal1: 'published',
      admin: 'published',
      service: 'all',
    },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Append-only: only the audit trigger writes, so not even the service role edits the trail.
  result_audit_log: {
    select: { anon: 'denied', user: 'none', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Public before their draw, and never changed by anyone (ADR 012).
  draw_commitments: {
    select: { anon: 'all', user: 'all', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Revealed with their draw, to everyone alike; the service role (which bypasses RLS) gets none.
  draw_seeds: {
    select: {
      anon: 'published',
      user: 'published',
      admin_aal1: 'published',
      admin: 'published',
      service: 'denied',
    },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Traces of withdrawn results (ADR 024): public with their draw, written only by the trigger on
  // lottery_results, so no API key (the service role's included) can forge or erase one.
  withdrawn_results: {
    select: {
      anon: 'published',
      user: 'published',
      admin_aal1: 'published',
      admin: 'published',
      service: 'all',
    },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Written only by the trigger that refuses a commitment change.
  draw_commitment_audit: {
    select: { anon: 'denied', user: 'none', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // The settings' trail (migration 20250601001200): append-only like the results' one.
  settings_audit_log: {
    select: { anon: 'denied', user: 'none', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Beacon draws (ADR 023): public before their draw (the ciphertext by design; a round exists
  // only once drand published it), written only by the security-definer RPCs of draw-beacon.
  beacon_chains: {
    select: { anon: 'all', user: 'all', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  draw_locks: {
    select: { anon: 'all', user: 'all', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  beacon_rounds: {
    select: { anon: 'all', user: 'all', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
  // Both trails in one view (security invoker): what they show, and read-only for everyone.
  audit_trail: {
    select: { anon: 'denied', user: 'none', admin_aal1: 'all', admin: 'all', service: 'all' },
    insert: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    update: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
    delete: {
      anon: 'denied',
      user: 'denied',
      admin_aal1: 'denied',
      admin: 'denied',
      service: 'denied',
    },
  },
};

/** Views in `public`; each must have a row in TABLE_MATRIX too. */
export const VIEWS: string[] = ['audit_trail'];

/**
 * Functions in `public`, callable as /rest/v1/rpc/<name>: the visitors' read-only queries
 * (SECURITY INVOKER, so row-level security still decides what they read) and the generate
 * action's RPC. The helpers live in `private`, which PostgREST does not expose; rpc-matrix checks
 * that no caller reaches them.
 */
const everyone = {
  anon: 'allowed',
  user: 'allowed',
  admin_aal1: 'allowed',
  admin: 'allowed',
  service: 'allowed',
} as const;
const serviceOnly = {
  anon: 'denied',
  user: 'denied',
  admin_aal1: 'denied',
  admin: 'denied',
  service: 'allowed',
} as const;
export const RPC_MATRIX: Record<string, Record<Role, 'allowed' | 'denied'>> = {
  // The "By" filter of the dashboard's Changes: security invoker, so only admins get names.
  audit_actors: {
    anon: 'denied',
    user: 'allowed',
    admin_aal1: 'allowed',
    admin: 'allowed',
    service: 'allowed',
  },
  check_number: everyone,
  draw_stats: everyone,
  // The generate action's RPC: admins only, checked in SQL (ADR 012), and at aal2 (ADR 025).
  generate_lottery_results: {
    anon: 'denied',
    user: 'denied',
    admin_aal1: 'denied',
    admin: 'allowed',
    service: 'denied',
  },
  // draw-beacon's (ADR 023): the service role only, by grant; they hand out seeds to seal.
  beacon_seeds_to_seal: serviceOnly,
  seal_draw_lock: serviceOnly,
  beacon_rounds_due: serviceOnly,
  store_beacon_round: serviceOnly,
  beacon_round_failed: serviceOnly,
};

/** The arguments rpc-matrix calls each public function with. */
export const RPC_ARGS: Record<string, Record<string, unknown>> = {
  generate_lottery_results: { from_date: '2000-03-01', to_date: '2000-03-01' },
  // Arguments each function refuses (no such lock, a draw long past): a call proves the grant
  // and changes nothing.
  beacon_seeds_to_seal: { max_locks: 1 },
  seal_draw_lock: {
    lock_date: '2000-03-01',
    lock_hour: 0,
    armored: '-----BEGIN AGE ENCRYPTED FILE-----',
  },
  beacon_rounds_due: { max_rounds: 1 },
  store_beacon_round: { beacon_chain: 'f'.repeat(64), beacon_round: 1, signature: 'a'.repeat(96) },
  beacon_round_failed: { beacon_chain: 'f'.repeat(64), beacon_round: 1, reason: 'test' },
};

/** The private helpers, as the migrations define them (rpc-matrix calls each one). */
export const PRIVATE_FUNCTIONS = [
  'admin_mfa_satisfied',
  'audit_trail_refuse_write',
  'beacon_keep_row',
  'beacon_refuse_truncate',
  'beacon_round_for',
  'commit_draw_days',
  'derive_beacon_prize',
  'derive_prize',
  'draw_commitments_refuse_change',
  'draw_commitments_refuse_truncate',
  'draw_hour',
  'draw_moment',
  'draw_stats_monthly_refresh',
  'draw_stats_monthly_sync',
  'has_role',
  'is_admin',
  'is_published',
  'lock_draw_days',
  'lottery_results_audit',
  'lottery_results_require_mfa',
  'lottery_results_stamp',
  'lottery_results_withdrawn_deleted',
  'lottery_results_withdrawn_moved',
  'lottery_settings_audit',
  'lottery_settings_auto_draw',
  'lottery_settings_validate',
  'lottery_timezone',
  'require_admin_mfa',
  'run_due_draws',
];

/**
 * Edge functions under supabase/functions, invoked with supabase.functions.invoke: the HTTP
 * status each caller gets. The service role key names no user, so the admin check refuses it.
 */
export const FUNCTIONS_MATRIX: Record<string, Record<Role, number>> = {
  // An admin signed in with the password only (aal1) is refused by the database (ADR 025).
  'generate-lottery-results': { anon: 401, user: 403, admin_aal1: 403, admin: 200, service: 401 },
  // Read-only and public (GET, verify_jwt off): invoke's POST is refused for every caller alike.
  'results-feed': { anon: 405, user: 405, admin_aal1: 405, admin: 405, service: 405 },
  // The scheduler's (ADR 023): the service role key only, checked by the function itself.
  'draw-beacon': { anon: 401, user: 401, admin_aal1: 401, admin: 401, service: 200 },
};
