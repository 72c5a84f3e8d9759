#!/usr/bin/env node
// npm run migrations:checksum: appends the SHA-256 of every migration in supabase/migrations/ that
// supabase/migrations.sha256 does not list yet (ADR 021). It never rewrites an entry: a committed
// migration is never edited (write a new one instead), and tests/sql/migration-checksums.test.ts
// fails if a listed file no longer matches or an entry was changed or removed.
// The list is in `sha256sum` format, so an operator can check a checkout with
//   cd supabase && grep -v '^#' migrations.sha256 | sha256sum -c
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const supabaseDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase');
const listFile = path.join(supabaseDir, 'migrations.sha256');
const migrationFile = /^([0-9]+)_(.*)\.sql$/;

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

const listed = new Map();
if (existsSync(listFile)) {
  for (const line of readFileSync(listFile, 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (match) listed.set(match[2], match[1]);
  }
}

let changed = 0;
const added = [];
for (const name of readdirSync(path.join(supabaseDir, 'migrations')).sort()) {
  if (!migrationFile.test(name)) continue;
  const entry = `migrations/${name}`;
  const actual = sha256(path.join(supabaseDir, entry));
  if (!listed.has(entry)) {
    appendFileSync(listFile, `${actual}  ${entry}\n`);
    added.push(entry);
  } else if (listed.get(entry) !== actual) {
    changed += 1;
    console.error(
      `${entry} differs from its listed checksum: a committed migration is never edited; restore it and write a new migration.`,
    );
  }
}
for (const entry of added) console.log(`listed ${entry}`);
if (added.length === 0 && changed === 0) console.log('every migration is listed and unchanged');
process.exitCode = changed ? 1 : 0;
