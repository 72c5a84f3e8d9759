import { readFileSync } from 'node:fs';

/**
 * A check of a parsed supabase/config.toml against the Supabase CLI's config structs, pinned in
 * tests/fixtures/supabase-cli-config-schema.json (its `$comment` says how the types read). The
 * CLI decodes with viper's UnmarshalExact, so an unknown key or a value of the wrong type stops
 * `supabase start`; this finds both where the CLI cannot run.
 */
type Scalar = 'bool' | 'uint' | 'port' | 'string' | 'secret' | 'strings' | 'duration' | 'size';
type Rule = Scalar | 'table' | { enum: (string | number)[] } | { map: Section | 'root' } | Section;
interface Section {
  [key: string]: Rule;
}

export interface CliConfigSchema {
  source: { repository: string; commit: string };
  root: Section;
}

export function readCliConfigSchema(file: string): CliConfigSchema {
  return JSON.parse(readFileSync(file, 'utf8')) as CliConfigSchema;
}

// Go's time.ParseDuration units; a duration may also be a plain integer of nanoseconds.
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
// The CLI's sizeInBytes takes docker/go-units sizes ("50MiB", "5GB") or a plain integer.
const SIZE = /^\d+(\.\d+)?\s*([kKmMgGtTpP]i?)?[bB]?$/;

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isUint = (value: unknown, max = Number.MAX_SAFE_INTEGER): boolean =>
  (typeof value === 'number' || typeof value === 'bigint') &&
  Number.isInteger(Number(value)) &&
  Number(value) >= 0 &&
  Number(value) <= max;

function checkScalar(type: Scalar, value: unknown): boolean {
  switch (type) {
    case 'bool':
      return typeof value === 'boolean';
    case 'uint':
      return isUint(value);
    case 'port':
      return isUint(value, 65_535);
    case 'string':
    case 'secret':
      return typeof value === 'string';
    case 'strings':
      return (
        typeof value === 'string' ||
        (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      );
    case 'duration':
      return isUint(value) || (typeof value === 'string' && DURATION.test(value));
    case 'size':
      return isUint(value) || (typeof value === 'string' && SIZE.test(value));
  }
}

function checkSection(
  section: Section,
  value: unknown,
  at: string,
  root: Section,
  errors: string[],
): void {
  if (!isTable(value)) {
    errors.push(`${at || '(root)'}: expected a table`);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    const rule = section[key];
    if (rule === undefined) errors.push(`${path}: unknown key`);
    else checkRule(rule, item, path, root, errors);
  }
}

function checkRule(rule: Rule, value: unknown, at: string, root: Section, errors: string[]): void {
  if (typeof rule === 'string') {
    if (rule === 'table') {
      if (!isTable(value)) errors.push(`${at}: expected a table`);
    } else if (!checkScalar(rule, value)) {
      errors.push(`${at}: expected ${rule}, got ${JSON.stringify(value)}`);
    }
    return;
  }
  const allowed = (rule as { enum?: unknown }).enum;
  if (Array.isArray(allowed)) {
    const plain = typeof value === 'bigint' ? Number(value) : value;
    if (!allowed.includes(plain as string | number))
      errors.push(
        `${at}: expected one of ${JSON.stringify(allowed)}, got ${JSON.stringify(value)}`,
      );
    return;
  }
  if ('map' in rule && (rule.map === 'root' || isTable(rule.map))) {
    // A remote is the base config again, without remotes of its own (config.go, baseConfig).
    const inner = rule.map === 'root' ? withoutRemotes(root) : (rule.map as Section);
    if (!isTable(value)) {
      errors.push(`${at}: expected a table`);
      return;
    }
    for (const [name, entry] of Object.entries(value))
      checkSection(inner, entry, `${at}.${name}`, root, errors);
    return;
  }
  checkSection(rule as Section, value, at, root, errors);
}

function withoutRemotes(root: Section): Section {
  const { remotes: _remotes, ...base } = root;
  return base;
}

/** Every key path the CLI would refuse, with why; empty when the config loads. */
export function checkCliConfig(schema: CliConfigSchema, config: unknown): string[] {
  const errors: string[] = [];
  checkSection(schema.root, config, '', schema.root, errors);
  return errors;
}
