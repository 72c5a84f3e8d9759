import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../lib/postgrest/response/errors.ts';
import { asClientError } from './connection.ts';

describe('asClientError', () => {
  it('answers the driver’s own failures PGRST001, 503, as PostgREST does', () => {
    const lost = new Error('Connection terminated unexpectedly');
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104 });
    for (const failure of [lost, reset]) {
      const answer = asClientError(failure) as PostgrestError;
      expect(answer).toBeInstanceOf(PostgrestError);
      expect({ status: answer.status, code: answer.code }).toEqual({
        status: 503,
        code: 'PGRST001',
      });
    }
  });

  it('leaves PostgreSQL’s errors, its own and our bugs to the error mapping', () => {
    const pgError = Object.assign(new Error('canceling statement'), {
      code: '57014',
      severity: 'ERROR',
    });
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    const own = new PostgrestError(400, { code: 'PGRST100', message: 'x' });
    for (const error of [pgError, bug, own]) expect(asClientError(error)).toBe(error);
  });
});
