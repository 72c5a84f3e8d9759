import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import { cors } from '../_shared/cors.ts';
import { MAX_BODY_BYTES, parseRequestBody } from './validate.ts';

// A browser calls it with supabase-js's `functions.invoke`: a POST and its preflight.
const { errorResponse, jsonResponse, preflightResponse } = cors({ methods: 'POST, OPTIONS' });

/** What the runtime can add. Node 20 has no global WebSocket, which supabase-js needs at construction. */
export interface HandlerOptions {
  realtime?: SupabaseClientOptions<'public'>['realtime'];
}

export type Handler = (req: Request) => Promise<Response>;

/** The answer: how many hours got a new result and how many already had one. */
export interface GenerateResult {
  created: number;
  skipped: number;
  fromDate: string;
  toDate: string;
}

/** The database's refusal of an admin change made without the second factor (ADR 025). */
export const MFA_REQUIRED = 'Two-factor authentication required';

function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** 401 without a real user, 403 without the admin role; null when the caller may generate. */
async function authorize(supabase: SupabaseClient, token: string): Promise<Response | null> {
  const { data, error } = await supabase.auth.getUser(token);
  if (error && !(error.status && error.status >= 400 && error.status < 500)) {
    return errorResponse(502, 'Could not verify the session, try again');
  }
  if (!data.user) return errorResponse(401, 'Sign in as an admin to generate results');
  // Through the caller's client: RLS lets users read their own roles, so no service key is needed.
  const roles = await supabase
    .from('user_roles')
    .select('role')
    .eq('user_id', data.user.id)
    .eq('role', 'admin')
    .maybeSingle();
  if (roles.error) return errorResponse(502, 'Could not check the admin role, try again');
  return roles.data ? null : errorResponse(403, 'Only admins can generate results');
}

/**
 * The generate-lottery-results handler, built from an explicit environment so the same code
 * runs under Deno.serve (index.ts) and under the local stack in Node.
 */
export function createHandler(
  env: Record<string, string | undefined>,
  options: HandlerOptions = {},
): Handler {
  const url = env.SUPABASE_URL;
  const anonKey = env.SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');

  return async (req) => {
    if (req.method === 'OPTIONS') return preflightResponse();
    if (req.method !== 'POST')
      return errorResponse(405, 'Method not allowed: use POST', { Allow: 'POST, OPTIONS' });

    const token = bearerToken(req.headers.get('Authorization'));
    if (!token) return errorResponse(401, 'Missing authorization header');
    // Every query runs as the caller: RLS applies and the database stamps created_by from the JWT.
    const supabase = createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: options.realtime,
    });
    const denied = await authorize(supabase, token);
    if (denied) return denied;

    // Refuse oversized bodies before reading them when the length is declared, and after otherwise.
    if (Number(req.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES)
      return errorResponse(413, 'Request body is too large');
    const text = await req.text();
    if (text.length > MAX_BODY_BYTES) return errorResponse(413, 'Request body is too large');
    const parsed = parseRequestBody(text);
    if (!parsed.ok) return errorResponse(400, parsed.error);
    const { range } = parsed;

    // The database draws (ADR 012): the RPC commits each day's seeds and derives every missing
    // hour's prize from its seed, in one transaction, keeping existing results. It checks the
    // admin role itself, so a role revoked since the check above is still refused.
    const { data, error } = await supabase.rpc('generate_lottery_results', {
      from_date: range.fromDate,
      to_date: range.toDate,
    });
    if (error) {
      // 42501 is a role revoked since the check above, or an admin whose session lacks the
      // second factor (aal1, migration 20250601001400): the database's message says which.
      if (error.code === '42501') {
        const mfa = error.message === MFA_REQUIRED;
        return errorResponse(
          403,
          mfa ? `${MFA_REQUIRED}: ${error.hint}` : 'Only admins can generate results',
        );
      }
      return errorResponse(500, `Could not save the results: ${error.message}`);
    }
    const counts = data as { created?: unknown; skipped?: unknown } | null;
    if (typeof counts?.created !== 'number' || typeof counts.skipped !== 'number')
      return errorResponse(500, 'The database did not report how many results were saved');
    const result: GenerateResult = {
      created: counts.created,
      skipped: counts.skipped,
      fromDate: range.fromDate,
      toDate: range.toDate,
    };
    return jsonResponse(result);
  };
}
