// How `npm run bench` writes docs/benchmarks.md over the earlier file: only what it generates
// changes (the header, and each benchmark's section between its `<!-- bench:NAME -->` markers);
// everything else, the hand-written sections between them above all, stays where it was.

const open = (name: string) => `<!-- bench:${name} -->`;
const close = (name: string) => `<!-- /bench:${name} -->`;
/** Ends the generated header; files written before it existed end theirs at the first section. */
export const HEADER_END = '<!-- /bench-header -->';

function sectionRange(markdown: string, name: string): [number, number] | undefined {
  const start = markdown.indexOf(open(name));
  if (start < 0) return undefined;
  const end = markdown.indexOf(close(name), start);
  return end < 0 ? undefined : [start, end + close(name).length];
}

function headerEnd(markdown: string): number {
  const marked = markdown.indexOf(HEADER_END);
  if (marked >= 0) return marked + HEADER_END.length;
  const first = markdown.search(/<!-- bench:[\w-]+ -->/);
  return first < 0 ? markdown.length : first;
}

/**
 * The new file: `header` (ending in HEADER_END) replaces the old header, each of `sections`
 * (keyed by benchmark name, each wrapped in its markers) replaces its old section in place or,
 * if new, goes right after the section of the benchmark before it in `order` (else before the
 * next one's, else at the end). `keep` may rewrite a section that was not rerun.
 */
export function mergeReport(
  earlier: string | undefined,
  header: string,
  sections: ReadonlyMap<string, string>,
  order: readonly string[],
  keep: (section: string) => string = (section) => section,
): string {
  if (earlier === undefined)
    return [header, ...order.flatMap((name) => sections.get(name) ?? [])].join('\n\n');
  let body = earlier.slice(headerEnd(earlier)).replace(/^\s*/, '');
  for (const name of order) {
    const range = sectionRange(body, name);
    if (range) {
      const [start, end] = range;
      const next = sections.get(name) ?? keep(body.slice(start, end));
      body = body.slice(0, start) + next + body.slice(end);
      continue;
    }
    const fresh = sections.get(name);
    if (fresh === undefined) continue;
    const before = order.slice(0, order.indexOf(name)).reverse();
    const after = order.slice(order.indexOf(name) + 1);
    const previous = before.map((other) => sectionRange(body, other)).find(Boolean);
    const following = after.map((other) => sectionRange(body, other)).find(Boolean);
    if (previous) body = `${body.slice(0, previous[1])}\n\n${fresh}${body.slice(previous[1])}`;
    else if (following)
      body = `${body.slice(0, following[0])}${fresh}\n\n${body.slice(following[0])}`;
    else body = `${body.replace(/\s*$/, '')}\n\n${fresh}\n`;
  }
  return `${header}\n\n${body}`;
}
