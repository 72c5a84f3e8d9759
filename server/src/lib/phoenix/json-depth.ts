/**
 * Looks at a JSON frame without building it: where the members of its top-level array or object
 * lie. A frame nested too deep (../json-depth.ts) is answered from its envelope alone.
 */

/** The raw text of each member of the top-level array or object, or undefined if it is neither. */
export function topLevelMembers(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  const members: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 1;
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (quoted) {
      if (code === 0x5c) i++;
      else if (code === 0x22) quoted = false;
    } else if (code === 0x22) quoted = true;
    else if (code === 0x5b || code === 0x7b) depth++;
    else if (code === 0x5d || code === 0x7d) {
      if (--depth === 0) {
        members.push(trimmed.slice(start, i));
        return members.map((member) => member.trim()).filter((member) => member !== '');
      }
    } else if (code === 0x2c && depth === 1) {
      members.push(trimmed.slice(start, i));
      start = i + 1;
    }
  }
  return undefined;
}

/** A member that is a JSON scalar (string, number, true, false, null), parsed; else undefined. */
export function scalar(text: string): unknown {
  if (text === '' || text.startsWith('[') || text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `"key": value` → [key, value text]; undefined when the member is not shaped so. */
export function keyValue(member: string): [string, string] | undefined {
  if (!member.startsWith('"')) return undefined;
  for (let i = 1; i < member.length; i++) {
    const code = member.charCodeAt(i);
    if (code === 0x5c) i++;
    else if (code === 0x22) {
      const key = scalar(member.slice(0, i + 1));
      const rest = member.slice(i + 1).trimStart();
      if (typeof key !== 'string' || !rest.startsWith(':')) return undefined;
      return [key, rest.slice(1).trim()];
    }
  }
  return undefined;
}
