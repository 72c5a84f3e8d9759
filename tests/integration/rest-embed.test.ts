// Resource embedding through supabase-js, over the foreign keys of tests/fixtures/sql/embedding.sql:
// the answers PostgREST gives (Plan.hs findRel, QueryBuilder.hs readPlanToQuery, Error.hs).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestStack, type RestStack } from './rest-harness.ts';

let stack: RestStack;
const anon = () => stack.client();

beforeAll(async () => {
  stack = await startRestStack();
  const fixture = new URL('../fixtures/sql/embedding.sql', import.meta.url);
  await stack.pool.query(readFileSync(fixture, 'utf8'));
});
afterAll(() => stack?.stop());

describe('embedding over foreign keys', () => {
  it('embeds one-to-many as an array and many-to-one as an object or null', async () => {
    const { data, error } = await anon()
      .from('authors')
      .select('name, books(title)')
      .order('id')
      .order('id', { referencedTable: 'books' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ada', books: [{ title: 'Notes' }, { title: 'Engines' }] },
      { name: 'Brian', books: [{ title: 'Unix' }] },
      { name: 'Clarice', books: [] },
    ]);
    const books = await anon().from('books').select('title, authors(name)').order('id');
    expect(books.data).toEqual([
      { title: 'Notes', authors: { name: 'Ada' } },
      { title: 'Engines', authors: { name: 'Ada' } },
      { title: 'Unix', authors: { name: 'Brian' } },
      { title: 'Anonymous', authors: null },
    ]);
  });

  it('embeds one-to-one as an object, from either side', async () => {
    const { data } = await anon().from('books').select('id, book_covers(color)').order('id');
    expect(data).toEqual([
      { id: 10, book_covers: { color: 'blue' } },
      { id: 11, book_covers: null },
      { id: 12, book_covers: { color: 'red' } },
      { id: 13, book_covers: null },
    ]);
    const covers = await anon().from('book_covers').select('color, books(title)').eq('book_id', 12);
    expect(covers.data).toEqual([{ color: 'red', books: { title: 'Unix' } }]);
  });

  it('renames with an alias, nests, and embeds by a foreign key column', async () => {
    const { data } = await anon()
      .from('reviews')
      .select('stars, book:books(title, writer:authors(name))')
      .eq('id', 100);
    expect(data).toEqual([{ stars: 5, book: { title: 'Notes', writer: { name: 'Ada' } } }]);
    const byColumn = await anon().from('books').select('title, author_id(name)').eq('id', 12);
    expect(byColumn.data).toEqual([{ title: 'Unix', author_id: { name: 'Brian' } }]);
  });

  it('!inner drops the rows without a match; !left keeps them', async () => {
    const inner = await anon().from('authors').select('name, books!inner(title)').order('id');
    expect(inner.data?.map((a: { name: string }) => a.name)).toEqual(['Ada', 'Brian']);
    const left = await anon().from('authors').select('name, books!left(title)').order('id');
    expect(left.data).toHaveLength(3);
    const { count } = await anon()
      .from('authors')
      .select('id, books!inner(id)', { count: 'exact', head: true })
      .limit(1);
    expect(count).toBe(2);
  });

  it('filters, orders, limits and offsets embedded resources on their own', async () => {
    const { data } = await anon()
      .from('authors')
      .select('name, books(title, rating)')
      .eq('id', 1)
      .gte('books.rating', 4);
    expect(data).toEqual([{ name: 'Ada', books: [{ title: 'Notes', rating: 5 }] }]);
    const paged = await anon()
      .from('authors')
      .select('name, books(title)')
      .eq('id', 1)
      .order('rating', { referencedTable: 'books', ascending: true })
      .limit(1, { referencedTable: 'books' });
    expect(paged.data).toEqual([{ name: 'Ada', books: [{ title: 'Engines' }] }]);
    const offset = await anon()
      .from('authors')
      .select('name, books(title)')
      .eq('id', 1)
      .order('rating', { referencedTable: 'books', ascending: true })
      .range(1, 1, { referencedTable: 'books' });
    expect(offset.data).toEqual([{ name: 'Ada', books: [{ title: 'Notes' }] }]);
  });

  it('an embedded filter with !inner filters the top level (and is.null tests an embed)', async () => {
    const { data } = await anon()
      .from('authors')
      .select('name, books!inner(title)')
      .eq('books.title', 'Unix');
    expect(data).toEqual([{ name: 'Brian', books: [{ title: 'Unix' }] }]);
    const without = await anon()
      .from('books')
      .select('title, book_covers()')
      .is('book_covers', null)
      .order('id');
    expect(without.data).toEqual([{ title: 'Engines' }, { title: 'Anonymous' }]);
    const covered = await anon()
      .from('books')
      .select('title, book_covers(color)')
      .not('book_covers', 'is', null)
      .order('id');
    expect(covered.data?.map((b: { title: string }) => b.title)).toEqual(['Notes', 'Unix']);
    const bad = await anon().from('books').select('title, book_covers(color)').eq('book_covers', 1);
    expect(bad.error).toMatchObject({
      code: 'PGRST120',
      message: "Bad operator on the 'book_covers' embedded resource",
    });
  });

  it('a self-reference: the column name is the parent, the table name the children', async () => {
    const { data } = await anon()
      .from('people')
      .select('name, mentor:mentor_id(name), mentees:people(name)')
      .order('id')
      .order('id', { referencedTable: 'mentees' });
    expect(data).toEqual([
      { name: 'Pat', mentor: null, mentees: [{ name: 'Sam' }, { name: 'Kim' }] },
      { name: 'Sam', mentor: { name: 'Pat' }, mentees: [] },
      { name: 'Kim', mentor: { name: 'Pat' }, mentees: [] },
    ]);
  });
});

describe('spreads and related order (to-one embeds)', () => {
  it('...table(cols) puts the embedded columns beside the parent’s, null without a match', async () => {
    const { data } = await anon().from('books').select('title, ...authors(name)').order('id');
    expect(data).toEqual([
      { title: 'Notes', name: 'Ada' },
      { title: 'Engines', name: 'Ada' },
      { title: 'Unix', name: 'Brian' },
      { title: 'Anonymous', name: null },
    ]);
  });

  it('orders by a column of a to-one embed; a to-many one is PGRST118', async () => {
    const { data } = await anon()
      .from('books')
      .select('title, authors!inner(name)')
      .order('authors(name)', { ascending: false })
      .order('id');
    expect(data?.map((b: { title: string }) => b.title)).toEqual(['Unix', 'Notes', 'Engines']);
    const spread = await anon().from('authors').select('name, ...books(title)');
    expect(spread).toMatchObject({ status: 400, error: { code: 'PGRST100' } });
    expect(spread.error?.message).toContain('not supported');
    const many = await anon().from('authors').select('name, books(title)').order('books(title)');
    expect(many.error).toMatchObject({
      code: 'PGRST118',
      message: "A related order on 'books' is not possible",
      details: "'authors' and 'books' do not form a many-to-one or one-to-one relationship",
    });
  });
});

describe('embedding into what a write returns', () => {
  it('insert, update and delete return their rows with embeds, in the same statement', async () => {
    const service = stack.client({ key: stack.serviceRoleKey });
    const inserted = await service
      .from('books')
      .insert({ id: 20, title: 'Poems', author_id: 3 })
      .select('title, authors(name)')
      .single();
    expect(inserted.data).toEqual({ title: 'Poems', authors: { name: 'Clarice' } });
    const updated = await service
      .from('authors')
      .update({ name: 'Clarice L.' })
      .eq('id', 3)
      .select('name, books(title)');
    expect(updated.data).toEqual([{ name: 'Clarice L.', books: [{ title: 'Poems' }] }]);
    const deleted = await service.from('books').delete().eq('id', 20).select('id, authors(id)');
    expect(deleted.data).toEqual([{ id: 20, authors: { id: 3 } }]);
    const rpc = await anon().rpc('anything').select('*, books(*)');
    expect(rpc.error).toMatchObject({ code: 'PGRST100' });
  });
});

describe('row-level security on embedded tables', () => {
  it('applies each embedded table’s policies for the request’s role', async () => {
    const { data } = await anon()
      .from('books')
      .select('title, reviews(stars)')
      .in('id', [10, 12])
      .order('id')
      .order('stars', { referencedTable: 'reviews', ascending: false });
    // Reviews 102 and 103 are unpublished: anon never sees them, embedded or not.
    expect(data).toEqual([
      { title: 'Notes', reviews: [{ stars: 5 }, { stars: 4 }] },
      { title: 'Unix', reviews: [] },
    ]);
    const inner = await anon().from('books').select('title, reviews!inner(stars)').order('id');
    expect(inner.data?.map((b: { title: string }) => b.title)).toEqual(['Notes']);
    const service = stack.client({ key: stack.serviceRoleKey });
    const all = await service.from('books').select('reviews(stars)').eq('id', 12);
    expect(all.data).toEqual([{ reviews: [{ stars: 2 }] }]);
  });
});

describe('relationship errors, as PostgREST words them', () => {
  it('two foreign keys to one table are ambiguous: 300 PGRST201 with every candidate', async () => {
    const { error, status } = await anon().from('loans').select('id, people(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'loans' and 'people'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'loans with people',
          relationship: 'loans_borrower_fkey using loans(borrower_id) and people(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'loans with people',
          relationship: 'loans_lender_fkey using loans(lender_id) and people(id)',
        },
      ],
      hint: "Try changing 'people' to one of the following: 'people!loans_borrower_fkey', 'people!loans_lender_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('a hint by constraint or by column picks one', async () => {
    const { data } = await anon()
      .from('loans')
      .select('id, lender:people!loans_lender_fkey(name), borrower:people!borrower_id(name)')
      .order('id');
    expect(data).toEqual([
      { id: 1000, lender: { name: 'Pat' }, borrower: { name: 'Sam' } },
      { id: 1001, lender: { name: 'Kim' }, borrower: { name: 'Sam' } },
    ]);
  });

  it('no foreign key: 400 PGRST200', async () => {
    const { error, status } = await anon().from('authors').select('name, people(name)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'authors' and 'people' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'authors' and 'people' in the schema 'public', but no matches were found.",
    });
    const hinted = await anon().from('books').select('authors!nope(name)');
    expect(hinted.error?.details).toBe(
      "Searched for a foreign key relationship between 'books' and 'authors' using the hint 'nope' in the schema 'public', but no matches were found.",
    );
  });

  it('a parameter on a path that select does not embed: 400 PGRST108', async () => {
    const { error } = await anon().from('authors').select('name').eq('books.title', 'Unix');
    expect(error).toMatchObject({
      code: 'PGRST108',
      message: "'books' is not an embedded resource in this request",
      hint: "Verify that 'books' is included in the 'select' query parameter.",
    });
  });

  it('lottery_results and result_audit_log share no foreign key (by design): PGRST200', async () => {
    // The audit trail must outlive the result it describes, so result_id has no foreign key, and
    // PostgREST embeds over foreign keys only: hosted Supabase answers this same error.
    const admin = await stack.createAdmin();
    const { error, status } = await admin.client
      .from('lottery_results')
      .select('*, result_audit_log(*)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'lottery_results' and 'result_audit_log' in the schema cache",
    });
  });
});
