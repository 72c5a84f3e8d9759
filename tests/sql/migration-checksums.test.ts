import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import {
  commitsOf,
  historyUnavailable,
  parseChecksums,
  sha256,
  showAt,
} from './migration-history.ts';

// `supabase db push` applies a migration by its version only; one edited after a project applied
// it is never applied again, so the project silently keeps the old definitions (ADR 021). Hence a
// committed migration never changes, and supabase/migrations.sha256 holds each one's checksum.
//
// Adding a migration: write supabase/migrations/<version>_<name>.sql, run
// `npm run migrations:checksum` (it appends the new file's line and touches no other), commit
// both. Changing a committed one is not possible: write a new migration that changes the database.

const listFile = 'supabase/migrations.sha256';
const list = parseChecksums(readFileSync(path.join(supabaseDir, 'migrations.sha256'), 'utf8'));
const files = readdirSync(path.join(supabaseDir, 'migrations'))
  .filter((name) => /^[0-9]+_.*\.sql$/.test(name))
  .sort()
  .map((name) => `migrations/${name}`);
const contentOf = (entry: string) => readFileSync(path.join(supabaseDir, entry));

describe('supabase/migrations.sha256', () => {
  it('lists every migration (run `npm run migrations:checksum` after adding one)', () => {
    expect(files.filter((entry) => !list.entries.has(entry))).toEqual([]);
  });

  it('matches every listed migration: a committed migration is never edited', () => {
    const edited = [...list.entries]
      .filter(([entry, sum]) => !files.includes(entry) || sha256(contentOf(entry)) !== sum)
      .map(([entry]) => entry);
    // A removed or edited migration: restore it (git checkout -- supabase/migrations) and put
    // the change in a new migration.
    expect(edited).toEqual([]);
  });

  it('grandfathers only listed migrations, each with its reason', () => {
    for (const [entry, why] of list.grandfathered) {
      expect(list.entries.has(entry), entry).toBe(true);
      expect(why.length).toBeGreaterThan(10);
    }
  });
});

const unavailable = historyUnavailable();

describe.skipIf(unavailable !== undefined)('against git history', () => {
  it('every migration is as first committed, unless grandfathered', () => {
    const changed = files.filter((entry) => {
      const [first] = commitsOf(`supabase/${entry}`);
      if (!first || list.grandfathered.has(entry)) return false; // not committed yet
      return sha256(showAt(first, `supabase/${entry}`) ?? '') !== sha256(contentOf(entry));
    });
    expect(changed).toEqual([]);
  });

  it('the list only grows: no committed entry was changed or removed', () => {
    const lost: string[] = [];
    for (const commit of commitsOf(listFile)) {
      const then = parseChecksums(showAt(commit, listFile) ?? '');
      for (const [entry, sum] of then.entries)
        if (list.entries.get(entry) !== sum) lost.push(`${entry} (as of ${commit.slice(0, 8)})`);
      for (const entry of then.grandfathered.keys())
        if (!list.grandfathered.has(entry)) lost.push(`grandfathering of ${entry}`);
    }
    expect(lost).toEqual([]);
  });

  it('grandfathers none that was added after the list existed', () => {
    const [listBorn] = commitsOf(listFile);
    if (!listBorn) return; // the list itself is not committed yet
    const born = parseChecksums(showAt(listBorn, listFile) ?? '');
    expect(
      [...list.grandfathered.keys()].filter((entry) => !born.grandfathered.has(entry)),
    ).toEqual([]);
  });
});

if (unavailable) {
  it.skip(`git history checks skipped: ${unavailable}`, () => undefined);
}
