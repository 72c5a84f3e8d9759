import { BoundedCache } from '../lib/bounded-cache.ts';
import { PostgrestError } from '../lib/postgrest/response/errors.ts';
import type { PlanOptions } from '../lib/postgrest/plan/types.ts';
import { prepareRequest, type Prepared } from '../lib/postgrest/prepare.ts';
import type { RestRequest } from '../lib/postgrest/request/types.ts';
import type { SchemaCache } from '../lib/postgrest/schema-cache/schema-cache.ts';
import { asClientError } from './connection.ts';
import type { SchemaStore } from './schema-store.ts';

/**
 * Errors that a fresher schema cache may cure: a table, function or foreign key created after
 * the last load.
 */
const CACHE_MISSES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205']);

const MAX_PLANS = 1_000;
const MAX_KEY_LENGTH = 4_096;
/** Every header prepareRequest reads: the same values give the same plan. */
const PLAN_HEADERS = [
  'accept',
  'prefer',
  'range',
  'accept-profile',
  'content-profile',
  'content-type',
];

/**
 * Plans of body-less requests (GET, HEAD, DELETE) by method, resource, query string and the
 * headers the planner reads: the public pages ask the same few queries over and over, so
 * parsing and compiling them once per schema cache is enough. Bounded, least recently used out.
 */
class PlanCache {
  private plans = new BoundedCache<string, Prepared>(MAX_PLANS);
  private schema?: SchemaCache;

  key(req: RestRequest): string | undefined {
    if (req.body !== undefined && req.body !== '') return undefined;
    let key = `${req.method} ${req.resource.kind}/${req.resource.name}?${req.query}`;
    for (const name of PLAN_HEADERS) {
      const value = req.headers[name];
      key += `\n${Array.isArray(value) ? value.join(',') : (value ?? '')}`;
    }
    return key.length > MAX_KEY_LENGTH ? undefined : key;
  }

  get(key: string, schema: SchemaCache): Prepared | undefined {
    if (schema !== this.schema) {
      // A reloaded schema may change any plan (a column type, a function's return shape).
      this.plans.clear();
      this.schema = schema;
      return undefined;
    }
    return this.plans.get(key);
  }

  set(key: string, schema: SchemaCache, plan: Prepared): void {
    if (schema !== this.schema) return;
    this.plans.set(key, plan);
  }
}

export type Planner = (req: RestRequest) => Promise<Prepared>;

/**
 * PostgREST's parse → plan → compile for one request (lib/postgrest/prepare.ts), against the
 * stack's schema cache: cached for body-less requests, and tried once more after a reload when
 * it names a table or function the cache does not know yet.
 */
export function createPlanner(store: SchemaStore, options: PlanOptions): Planner {
  const plans = new PlanCache();
  const reloaded = async (error: unknown): Promise<boolean> => {
    if (!(error instanceof PostgrestError && CACHE_MISSES.has(error.code))) return false;
    try {
      return await store.reloadAfterMiss();
    } catch (reloadError) {
      throw asClientError(reloadError);
    }
  };
  return async (req) => {
    const key = plans.key(req);
    const cached = key === undefined ? undefined : plans.get(key, store.current);
    if (cached) return cached;
    let plan: Prepared;
    try {
      plan = prepareRequest(req, store.current, options);
    } catch (error) {
      if (!(await reloaded(error))) throw error;
      plan = prepareRequest(req, store.current, options);
    }
    if (key !== undefined) plans.set(key, store.current, plan);
    return plan;
  };
}
