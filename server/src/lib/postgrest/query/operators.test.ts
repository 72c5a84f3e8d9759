import { describe, expect, it } from 'vitest';
import { IS_VALUES, OPERATORS, operatorNamed } from '../operators.ts';
import type { PlanLogicTree } from '../plan/types.ts';
import type { Operation } from '../request/types.ts';
import { whereSql } from './fragments.ts';
import { Params } from './sql.ts';

// The query stage alone, from plan data: every operator of the one table compiles to its own
// SQL, with the value a parameter.
function operationOf(name: string): Operation {
  const spec = operatorNamed(name)!;
  switch (spec.kind) {
    case 'quant':
      return { kind: 'quant', op: spec.name, value: 'v' };
    case 'simple':
      return { kind: 'simple', op: spec.name, value: 'v' };
    case 'fts':
      return { kind: 'fts', op: spec.name, value: 'v' };
    case 'in':
      return { kind: 'in', values: ['v'] };
    case 'is':
      return { kind: 'is', value: 'null' };
    case 'isdistinct':
      return { kind: 'isdistinct', value: 'v' };
  }
}

describe('the operator table, compiled', () => {
  it.each(Object.keys(OPERATORS))('%s', (name) => {
    const tree: PlanLogicTree = {
      kind: 'filter',
      filter: { field: { name: 'c', json: [] }, negated: false, operation: operationOf(name) },
    };
    const params = new Params();
    const sql = whereSql('t', [tree], params);
    const spec = operatorNamed(name)!;
    expect(sql).toContain(` ${spec.sql}`);
    if (spec.kind === 'is') expect(sql).toBe(` WHERE t."c" IS ${IS_VALUES.null}`);
    else expect(params.values).toEqual([spec.kind === 'in' ? '{"v"}' : 'v']);
  });

  it('names no operator outside the table', () => {
    expect(operatorNamed('constructor')).toBeUndefined();
    expect(operatorNamed('EQ')).toBeUndefined();
  });
});
