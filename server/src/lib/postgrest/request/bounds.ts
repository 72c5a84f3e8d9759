import { nestsDeeperThan } from '../../json-depth.ts';
import { LIMITS } from '../limits.ts';
import { invalidBody, queryParamError } from '../response/errors.ts';

/** A NUL cannot be part of an identifier or a text value in PostgreSQL: refuse it up front. */
export function assertNoNul(text: string, what: string): void {
  if (text.includes('\0')) {
    throw queryParamError(
      `"failed to parse ${what}"`,
      'NUL characters (%00) are not allowed in identifiers or values',
    );
  }
}

export function tooManySelectItems(count: number): never {
  throw queryParamError(
    `"failed to parse select parameter": ${count} items`,
    `At most ${LIMITS.selectItems} distinct items may be selected`,
  );
}

export function tooDeepEmbed(): never {
  throw queryParamError(
    '"failed to parse select parameter"',
    `Embedded resources may be nested at most ${LIMITS.embedDepth} levels deep`,
  );
}

export function tooDeepLogic(): never {
  throw queryParamError(
    '"failed to parse logic tree"',
    `and/or may be nested at most ${LIMITS.logicDepth} levels deep`,
  );
}

/**
 * Fails when `text` nests arrays/objects deeper than LIMITS.jsonDepth: one linear pass before
 * JSON.parse, so neither JSON.stringify nor PostgreSQL's parser ever recurses that deep.
 */
export function assertJsonDepth(text: string): void {
  if (nestsDeeperThan(text, LIMITS.jsonDepth))
    throw invalidBody(`The JSON body is nested deeper than ${LIMITS.jsonDepth} levels`);
}
