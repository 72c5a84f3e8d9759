import { BoundedCache } from '../lib/bounded-cache.ts';
import type { Plan, RestRequest } from '../lib/postgrest/plan.ts';
import type { SchemaCache } from '../lib/postgrest/schema-cache.ts';

const MAX_PLANS = 1_000;
const MAX_KEY_LENGTH = 4_096;
/** Every header planRequest reads: the same values give the same plan. */
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
export class PlanCache {
  private plans = new BoundedCache<string, Plan>(MAX_PLANS);
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

  get(key: string, schema: SchemaCache): Plan | undefined {
    if (schema !== this.schema) {
      // A reloaded schema may change any plan (a column type, a function's return shape).
      this.plans.clear();
      this.schema = schema;
      return undefined;
    }
    return this.plans.get(key);
  }

  set(key: string, schema: SchemaCache, plan: Plan): void {
    if (schema !== this.schema) return;
    this.plans.set(key, plan);
  }
}
