// The part of Go's html/template that the project's e-mail templates use (supabase/templates),
// so the stack renders the very files hosted Supabase renders. GoTrue parses subject and body
// with html/template and no functions of its own (internal/mailer/templatemailer/template.go),
// so a template may only use Go's builtins: this covers `if`/`else if`/`else`/`end`, variables
// (`:=`, `=`), fields (`.Data.lang`), string and number literals, parentheses, and the builtins
// eq, ne, not, and, or, len, print and printf (%s, %d, %.*s, %%). Anything else is refused when
// the template is read, never guessed at.

type Value = unknown;
type Scope = Map<string, Value>;
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'set'; name: string; expr: Expr; declare: boolean }
  | { kind: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] };
type Expr =
  | { kind: 'literal'; value: Value }
  | { kind: 'field'; root: string | null; path: string[] }
  | { kind: 'call'; name: string; args: Expr[] };

/** A template longer than this is no e-mail template (GoTrue caps fetched ones at 1 MB too). */
export const MAX_TEMPLATE_CHARS = 1_000_000;

const TOKEN =
  /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|:=|=(?!=)|-?\d+|\$[A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*|\.(?:[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)?|[A-Za-z_][A-Za-z0-9_]*)/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new Error(`template: cannot read "${source.slice(at, at + 20)}"`);
    tokens.push(match[1]!);
  }
  return tokens;
}

const BUILTINS = new Set(['eq', 'ne', 'not', 'and', 'or', 'len', 'print', 'printf']);

/** An operand, or with `head` a command: a builtin and its operands. */
function parseExpr(tokens: string[], at: { i: number }, command: boolean): Expr {
  const token = tokens[at.i++];
  if (token === undefined) throw new Error('template: missing operand');
  if (command && BUILTINS.has(token)) {
    const args: Expr[] = [];
    while (at.i < tokens.length && tokens[at.i] !== ')') args.push(parseExpr(tokens, at, false));
    return { kind: 'call', name: token, args };
  }
  if (token === '(') {
    const inner = parseExpr(tokens, at, true);
    if (tokens[at.i++] !== ')') throw new Error('template: unclosed parenthesis');
    return inner;
  }
  if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
  if (token.startsWith('`')) return { kind: 'literal', value: token.slice(1, -1) };
  if (/^-?\d+$/.test(token)) return { kind: 'literal', value: Number(token) };
  if (token.startsWith('$') || token.startsWith('.')) {
    const [root, ...path] = token.split('.');
    return { kind: 'field', root: root || null, path: path.filter(Boolean) };
  }
  throw new Error(`template: unsupported "${token}"`);
}

function parseAction(source: string): Node | { kind: 'keyword'; word: string; expr?: Expr } {
  const tokens = tokenize(source);
  const at = { i: 0 };
  const word = tokens[0];
  if (word === 'if' || (word === 'else' && tokens[1] === 'if')) {
    at.i = word === 'if' ? 1 : 2;
    const expr = parseExpr(tokens, at, true);
    if (at.i !== tokens.length) throw new Error(`template: unexpected "${tokens[at.i]}"`);
    return { kind: 'keyword', word: word === 'if' ? 'if' : 'elseif', expr };
  }
  if ((word === 'else' || word === 'end') && tokens.length === 1) return { kind: 'keyword', word };
  if (word?.startsWith('$') && (tokens[1] === ':=' || tokens[1] === '=')) {
    at.i = 2;
    const expr = parseExpr(tokens, at, true);
    if (at.i !== tokens.length) throw new Error(`template: unexpected "${tokens[at.i]}"`);
    return { kind: 'set', name: word, expr, declare: tokens[1] === ':=' };
  }
  const expr = parseExpr(tokens, at, true);
  if (at.i !== tokens.length) throw new Error(`template: unexpected "${tokens[at.i]}"`);
  return { kind: 'output', expr };
}

/** Parses a template: text and `{{ }}` actions, with Go's `{{-` / `-}}` trimming. */
export function parseTemplate(source: string): Node[] {
  if (source.length > MAX_TEMPLATE_CHARS) throw new Error('template: too long');
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'if' }>; body: Node[] }[] = [];
  let body = root;
  const action = /\{\{(-\s)?([\s\S]*?)(\s-)?\}\}/g;
  let last = 0;
  let trimNext = false;
  for (let match = action.exec(source); match; match = action.exec(source)) {
    let text = source.slice(last, match.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (match[1]) text = text.replace(/\s+$/, '');
    if (text) body.push({ kind: 'text', text });
    last = action.lastIndex;
    trimNext = Boolean(match[3]);
    const inner = match[2]!.trim();
    if (inner.startsWith('/*')) continue;
    const parsed = parseAction(inner);
    if (parsed.kind !== 'keyword') {
      body.push(parsed);
      continue;
    }
    if (parsed.word === 'if') {
      const node: Extract<Node, { kind: 'if' }> = { kind: 'if', branches: [], otherwise: [] };
      node.branches.push({ test: parsed.expr!, body: [] });
      body.push(node);
      stack.push({ node, body });
      body = node.branches[0]!.body;
      continue;
    }
    const open = stack.at(-1);
    if (!open) throw new Error(`template: {{${parsed.word}}} outside {{if}}`);
    if (parsed.word === 'elseif') {
      open.node.branches.push({ test: parsed.expr!, body: [] });
      body = open.node.branches.at(-1)!.body;
    } else if (parsed.word === 'else') body = open.node.otherwise;
    else body = stack.pop()!.body;
  }
  if (stack.length) throw new Error('template: {{if}} without {{end}}');
  let text = source.slice(last);
  if (trimNext) text = text.replace(/^\s+/, '');
  if (text) root.push({ kind: 'text', text });
  return root;
}

const truthy = (value: Value) =>
  !(value === undefined || value === null || value === false || value === 0 || value === '') &&
  !(Array.isArray(value) && value.length === 0);

/** Go's fmt for the verbs a template asks of printf. */
function printf(format: string, args: Value[]): string {
  let next = 0;
  return format.replace(/%(\.\*)?([sdv%])/g, (_all, star: string | undefined, verb: string) => {
    if (verb === '%') return '%';
    const precision = star ? Number(args[next++]) : undefined;
    const text = String(args[next++] ?? '');
    // Precision counts runes, as Go's does for strings.
    return precision === undefined ? text : [...text].slice(0, precision).join('');
  });
}

function evaluate(expr: Expr, dot: Value, scope: Scope): Value {
  if (expr.kind === 'literal') return expr.value;
  if (expr.kind === 'field') {
    let value: Value = expr.root === null ? dot : scope.get(expr.root);
    if (expr.root !== null && !scope.has(expr.root))
      throw new Error(`template: undefined variable ${expr.root}`);
    for (const key of expr.path)
      value =
        value && typeof value === 'object' ? (value as Record<string, Value>)[key] : undefined;
    return value;
  }
  const args = expr.args.map((arg) => evaluate(arg, dot, scope));
  switch (expr.name) {
    case 'eq':
      return args.slice(1).some((other) => other === args[0]);
    case 'ne':
      return args[0] !== args[1];
    case 'not':
      return !truthy(args[0]);
    case 'and':
      return args.find((arg) => !truthy(arg)) ?? args.at(-1);
    case 'or':
      return args.find(truthy) ?? args.at(-1);
    case 'len':
      // Go's len of a string counts bytes.
      return new TextEncoder().encode(String(args[0] ?? '')).length;
    case 'print':
      return args.map((arg) => String(arg ?? '')).join('');
    default:
      return printf(String(args[0] ?? ''), args.slice(1));
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
  '+': '&#43;',
};
/** What html/template writes for a value in text or a quoted attribute. */
const escapeHtml = (value: string) => value.replace(/[&<>"'+]/g, (char) => ESCAPES[char]!);

function run(nodes: Node[], dot: Value, scope: Scope, out: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') out.push(node.text);
    else if (node.kind === 'output') {
      const value = evaluate(node.expr, dot, scope);
      out.push(escapeHtml(value === undefined || value === null ? '' : String(value)));
    } else if (node.kind === 'set') {
      if (!node.declare && !scope.has(node.name))
        throw new Error(`template: undefined variable ${node.name}`);
      scope.set(node.name, evaluate(node.expr, dot, scope));
    } else {
      const branch = node.branches.find((each) => truthy(evaluate(each.test, dot, scope)));
      run(branch ? branch.body : node.otherwise, dot, scope, out);
    }
  }
}

/** Renders a parsed template with `data` as its dot. */
export function renderTemplate(nodes: Node[], data: Record<string, Value>): string {
  const out: string[] = [];
  run(nodes, data, new Map([['$', data]]), out);
  return out.join('');
}
