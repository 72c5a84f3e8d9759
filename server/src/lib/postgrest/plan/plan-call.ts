import type { ApiRequest } from '../request/types.ts';
import { notSupported } from '../response/errors.ts';
import type { ResponseShape } from '../response/shape.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { laneOf } from './lane.ts';
import { payloadOf } from './plan-table.ts';
import { resolveRoutine } from './resolve.ts';
import type { CallArgs, Common, Plan } from './types.ts';

/**
 * POST/GET/HEAD /rpc/fn: arguments from the JSON body or the query string, the overload that
 * takes them, and a read-only transaction unless a volatile function is POSTed (Plan.hs).
 */
export function planCall(
  api: ApiRequest,
  cache: SchemaCache,
  shape: ResponseShape,
  common: Common,
): Plan {
  const { method, query } = api;
  shape.action = 'call';
  const viaPost = method === 'POST';
  let args: CallArgs;
  let names: string[];
  let json: Record<string, unknown> = {};
  if (viaPost) {
    const payload = payloadOf(api);
    if (!payload.isObject) throw notSupported('Calling a function with a JSON array body');
    json = payload.rows[0]!;
    names = payload.keys;
  } else {
    names = query.rpcArgs.map(([name]) => name);
  }
  const resolved = resolveRoutine(cache, api.resource.name, names, viaPost);
  const { routine } = resolved;
  const [only] = routine.params;
  if (resolved.single) {
    args = { kind: 'single', body: api.body ?? '{}', param: resolved.single };
  } else if (routine.params.length === 1 && only!.name === '') {
    // One unnamed parameter is passed by position, and gets the whole body (OnePosParam): a
    // name of '' would be invalid SQL. On GET the arguments are that body, as JSON.
    const body = viaPost ? (api.body ?? '{}') : JSON.stringify(Object.fromEntries(query.rpcArgs));
    args = { kind: 'single', body, param: only! };
  } else if (viaPost) {
    const byName = new Map(routine.params.map((p) => [p.name, p]));
    args = { kind: 'json', body: JSON.stringify(json), params: names.map((n) => byName.get(n)!) };
  } else {
    const byName = new Map(routine.params.map((p) => [p.name, p]));
    args = { kind: 'query', values: query.rpcArgs.map(([n, v]) => [byName.get(n)!, v]) };
  }
  shape.returnsVoid = routine.returnsVoid;
  const readOnly = !viaPost || routine.volatility !== 'volatile';
  const plan = {
    ...common,
    routine,
    args,
    where: query.where,
    order: query.order,
    range: query.range,
    count: shape.count,
    headersOnly: shape.head,
  };
  return {
    action: { kind: 'call', plan },
    readOnly,
    verifyBeforeCommit: !readOnly && (common.singular || shape.maxAffected !== undefined),
    response: shape,
    lane: laneOf(query, undefined, { cost: routine.cost }),
  };
}
