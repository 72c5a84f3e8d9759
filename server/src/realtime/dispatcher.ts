import type pg from 'pg';
import { matchesFilters } from '../lib/phoenix/filters.ts';
import { EVENTS, FrameCache, push } from '../lib/phoenix/messages.ts';
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
  /** Sends the frame `key` names; `build` makes it when this batch has not serialized it yet. */
  deliver(frames: FrameCache, key: string, build: () => ReturnType<typeof push>): void;
  /** Ends the subscription so that the client joins again (and re-reads what it shows). */
  rejoin(): void;
}

interface Target {
  subscriber: Subscriber;
  identity: Identity;
  ids: number[];
  select: string[] | null;
}

const BATCH = 500;

/**
 * Fans committed changes out to subscribers, in commit order, in batches: per batch one catalog
 * query per table and one row-level security query per table and distinct identity (role and
 * claims), however many sockets share that identity. INSERT/UPDATE rows reach only identities
 * that may select them now; DELETEs reach every matching subscriber, with the key alone under
 * RLS (realtime's apply_rls cannot check a row that is gone either).
 */
export class Dispatcher {
  private readonly subscribers = new Set<Subscriber>();
  private readonly queue: Change[] = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
  }

  /**
   * Changes may have gone undelivered (the listener lost its connection): every subscriber is
   * told to join again, once the changes already queued have gone out.
   */
  async rejoinAll(): Promise<void> {
    await this.idle();
    for (const subscriber of [...this.subscribers]) subscriber.rejoin();
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
    for (const subscriber of this.subscribers) {
      const ids: number[] = [];
      let select: string[] | null = null;
      for (const binding of subscriber.bindings) {
        if (binding.event !== '*' && binding.event !== change.type) continue;
        const filters = binding.tables.get(key);
        if (!filters || !matchesFilters(filters, row)) continue;
        if (!ids.includes(binding.id)) ids.push(binding.id);
        select ??= binding.select;
      }
      if (ids.length > 0) targets.push({ subscriber, identity: subscriber.identity, ids, select });
    }
    return targets;
  }

  private async dispatch(batch: Change[]): Promise<void> {
    const views = new Map<string, TableView | null>();
    const roles = new Map<string, Set<string>>();
    for (const subscriber of this.subscribers) {
      for (const binding of subscriber.bindings) {
        for (const key of binding.tables.keys()) {
          if (!roles.has(key)) roles.set(key, new Set());
          roles.get(key)!.add(subscriber.identity.role);
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
      targets.map(({ identity }) => {
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

    const frames = new FrameCache();
    planned.forEach(({ change, view, targets }, changeIndex) => {
      const data = new Map<string, Row>();
      targets.forEach((target, targetIndex) => {
        const slot = slots[changeIndex]![targetIndex];
        if (!view || (slot && !slot.check.visible?.[slot.index])) return;
        const role = target.identity.role;
        const dataKey = `${role}\u0000${target.select?.join(',') ?? '*'}`;
        if (!data.has(dataKey)) {
          data.set(
            dataKey,
            changeData(change, view.shape, view.readable.get(role) ?? new Set(), target.select),
          );
        }
        const topic = target.subscriber.topic;
        const frameKey = `${changeIndex}\u0000${dataKey}\u0000${topic}\u0000${target.ids.join(',')}`;
        target.subscriber.deliver(frames, frameKey, () =>
          push(topic, EVENTS.postgresChanges, { ids: target.ids, data: data.get(dataKey) }),
        );
      });
    });
  }
}
