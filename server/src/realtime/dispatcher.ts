import type pg from 'pg';
import { matchesFilters } from '../lib/phoenix/filters.ts';
import {
  changeData,
  filteredRow,
  refusal,
  type Change,
  type Row,
} from '../lib/phoenix/postgres-changes.ts';
import { loadTableView, type TableView } from './shapes.ts';
import { tableKey, type CompiledBinding } from './subscribe.ts';
import { visibleRows, type Identity } from './visibility.ts';

/** A joined channel with postgres_changes bindings (the route's channel implements it). */
export interface Subscriber {
  readonly topic: string;
  readonly identity: Identity;
  readonly bindings: readonly CompiledBinding[];
  /**
   * Sends a `postgres_changes` push on its topic whose payload is `payload`: the JSON bytes of
   * `{ids, data}`, serialized once for every subscriber of its group.
   */
  deliver(payload: Buffer): void;
  /** Ends the subscription so that the client joins again (and re-reads what it shows). */
  rejoin(): void;
}

/**
 * Subscribers that match and see every change alike: the same identity (role and claims, the
 * unit of row-level security) and the same compiled bindings (the binding cache hands every join
 * of the same parameters and role the same array). supabase/realtime's apply_rls likewise builds a
 * change's payload once per distinct role (its outer loop over `roles`) and returns it with the
 * list of subscription ids allowed to see it (`visible_to_subscription_ids`), which realtime then
 * fans out; here the payload is built once per group.
 */
interface Group {
  key: string;
  identity: Identity;
  bindings: readonly CompiledBinding[];
  members: Set<Subscriber>;
}

interface Target {
  group: Group;
  ids: number[];
  select: string[] | null;
}

const BATCH = 500;

/** Equal compiled bindings (one array object) get one number: a group key costs no hashing. */
const bindingsIds = new WeakMap<readonly CompiledBinding[], number>();
let nextBindingsId = 0;
function bindingsIdOf(bindings: readonly CompiledBinding[]): number {
  let id = bindingsIds.get(bindings);
  if (id === undefined) bindingsIds.set(bindings, (id = nextBindingsId++));
  return id;
}

/**
 * Fans committed changes out to subscribers, in commit order, in batches: per batch one catalog
 * query per table and one row-level security query per table and distinct identity (role and
 * claims), however many sockets share that identity; per change and group one match and one
 * serialized payload, however many sockets the group holds. INSERT/UPDATE rows reach only
 * identities that may select them now; DELETEs reach every matching subscriber, with the key alone
 * under RLS (realtime's apply_rls cannot check a row that is gone either).
 */
export class Dispatcher {
  private readonly groups = new Map<string, Group>();
  private readonly groupOf = new Map<Subscriber, Group>();
  private readonly queue: Change[] = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  /** Adds the subscriber, or moves it to its group after its identity or bindings changed. */
  add(subscriber: Subscriber): void {
    const { identity, bindings } = subscriber;
    const key = `${identity.key}\u0000${bindingsIdOf(bindings)}`;
    const current = this.groupOf.get(subscriber);
    if (current?.key === key) return;
    if (current) this.remove(subscriber);
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { key, identity, bindings, members: new Set() }));
    group.members.add(subscriber);
    this.groupOf.set(subscriber, group);
  }

  /** Regroups a subscriber already added (its token changed); one not added stays out. */
  update(subscriber: Subscriber): void {
    if (this.groupOf.has(subscriber)) this.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    const group = this.groupOf.get(subscriber);
    if (!group) return;
    this.groupOf.delete(subscriber);
    group.members.delete(subscriber);
    if (group.members.size === 0) this.groups.delete(group.key);
  }

  /**
   * Changes may have gone undelivered (the listener lost its connection): every subscriber is
   * told to join again, once the changes already queued have gone out.
   */
  async rejoinAll(): Promise<void> {
    await this.idle();
    for (const subscriber of [...this.groupOf.keys()]) subscriber.rejoin();
  }

  push(change: Change): void {
    this.queue.push(change);
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  /** Resolves once every change pushed so far is delivered. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      // A failing batch (database gone mid-stop) must not stop later ones.
      await this.dispatch(batch).catch(() => undefined);
    }
  }

  private targetsOf(change: Change, row: Row | null): Target[] {
    const key = tableKey(change.schema, change.table);
    const targets: Target[] = [];
    for (const group of this.groups.values()) {
      const ids: number[] = [];
      let select: string[] | null = null;
      for (const binding of group.bindings) {
        if (binding.event !== '*' && binding.event !== change.type) continue;
        const filters = binding.tables.get(key);
        if (!filters || !matchesFilters(filters, row)) continue;
        if (!ids.includes(binding.id)) ids.push(binding.id);
        select ??= binding.select;
      }
      if (ids.length > 0) targets.push({ group, ids, select });
    }
    return targets;
  }

  private async dispatch(batch: Change[]): Promise<void> {
    const views = new Map<string, TableView | null>();
    const roles = new Map<string, Set<string>>();
    for (const group of this.groups.values()) {
      for (const binding of group.bindings) {
        for (const key of binding.tables.keys()) {
          if (!roles.has(key)) roles.set(key, new Set());
          roles.get(key)!.add(group.identity.role);
        }
      }
    }
    for (const change of batch) {
      const key = tableKey(change.schema, change.table);
      if (views.has(key) || !roles.has(key)) continue;
      views.set(
        key,
        await loadTableView(this.pool, change.schema, change.table, [...roles.get(key)!]),
      );
    }

    // Match first, then one RLS query per (table, identity) for the rows that need it.
    const planned = batch.map((change) => {
      const view = views.get(tableKey(change.schema, change.table));
      return {
        change,
        view,
        targets: view ? this.targetsOf(change, filteredRow(change, view.shape)) : [],
      };
    });
    const checks = new Map<
      string,
      { view: TableView; identity: Identity; rows: Row[]; visible?: boolean[] }
    >();
    const gate = (change: Change, view: TableView, identity: Identity) =>
      change.type !== 'DELETE' &&
      view.shape.rls &&
      !view.bypassRls.has(identity.role) &&
      !refusal(change, view.shape, view.readable.get(identity.role) ?? new Set());
    const slots = planned.map(({ change, view, targets }) =>
      targets.map(({ group: { identity } }) => {
        if (!view || !gate(change, view, identity)) return undefined;
        const checkKey = `${tableKey(change.schema, change.table)}\u0000${identity.key}`;
        const check = checks.get(checkKey) ?? { view, identity, rows: [] };
        checks.set(checkKey, check);
        return { check, index: check.rows.push(change.record ?? {}) - 1 };
      }),
    );
    await Promise.all(
      [...checks.values()].map(async (check) => {
        check.visible = await visibleRows(this.pool, check.identity, check.view.shape, check.rows);
      }),
    );

    planned.forEach(({ change, view, targets }, changeIndex) => {
      const data = new Map<string, Row>();
      const payloads = new Map<string, Buffer>();
      targets.forEach((target, targetIndex) => {
        const slot = slots[changeIndex]![targetIndex];
        if (!view || (slot && !slot.check.visible?.[slot.index])) return;
        const role = target.group.identity.role;
        const dataKey = `${role}\u0000${target.select?.join(',') ?? '*'}`;
        const payloadKey = `${dataKey}\u0000${target.ids.join(',')}`;
        let payload = payloads.get(payloadKey);
        if (!payload) {
          let shaped = data.get(dataKey);
          if (!shaped) {
            shaped = changeData(
              change,
              view.shape,
              view.readable.get(role) ?? new Set(),
              target.select,
            );
            data.set(dataKey, shaped);
          }
          payload = Buffer.from(JSON.stringify({ ids: target.ids, data: shaped }));
          payloads.set(payloadKey, payload);
        }
        for (const member of target.group.members) member.deliver(payload);
      });
    });
  }
}
