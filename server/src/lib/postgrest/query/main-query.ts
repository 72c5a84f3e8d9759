import type { ActionPlan } from '../plan/types.ts';
import { compileCall } from './call.ts';
import { compileDelete, compileInsert, compileUpdate } from './mutate.ts';
import { compileExplain, compileRead } from './read.ts';
import type { Statement } from './sql.ts';

/** The statements of one plan (PostgREST's Query.hs mainQuery). */
export interface MainQuery {
  statement: Statement;
  /**
   * `EXPLAIN (FORMAT JSON)` of the rows a read counts, run after the statement in the same
   * transaction for `count=planned` and `count=estimated`, as PostgREST's mqExplain.
   */
  explain?: Statement;
}

/** Writes the SQL of a plan: one statement, and for a planned count its EXPLAIN. */
export function mainQuery(action: ActionPlan): MainQuery {
  switch (action.kind) {
    case 'read':
      return {
        statement: compileRead(action.plan),
        explain: action.explain ? compileExplain(action.plan) : undefined,
      };
    case 'insert':
      return { statement: compileInsert(action.plan) };
    case 'update':
      return { statement: compileUpdate(action.plan) };
    case 'delete':
      return { statement: compileDelete(action.plan) };
    case 'call':
      return { statement: compileCall(action.plan) };
  }
}
