/**
 * How deep a JSON text nests, read without building it: a body nested thousands deep parses
 * fine in V8 but overflows whatever walks it recursively afterwards (JSON.stringify, PostgreSQL's
 * jsonb parser, hashing a realtime binding). One linear pass, skipping strings; REST, auth and
 * realtime each refuse too deep a text with their own API's error.
 */

/** The index of the first `[` or `{` nested deeper than `limit`, or -1 when none is. */
export function firstTooDeep(text: string, limit: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (quoted) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) quoted = false;
    } else if (code === 0x22) quoted = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return i;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return -1;
}

/** Whether arrays and objects nest deeper than `limit` (outside strings). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  return firstTooDeep(text, limit) >= 0;
}
