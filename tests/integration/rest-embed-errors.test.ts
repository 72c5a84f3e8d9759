// Embedding and row-level security, and the relationship errors PostgREST gives (Error.hs
// NoRelBetween, AmbiguousRelBetween, NotEmbedded), over tests/fixtures/sql/embedding.sql.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedStack } from './rest-embed-harness.ts';
import type { RestStack } from './rest-harness.ts';

let stack: RestStack;
const anon = () => stack.client();

beforeAll(async () => {
  stack = await startEmbedStack();
});
afterAll(() => stack?.stop());

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

describe('two embeds under one name', () => {
  // PostgREST names each embed's join `<parent>_<alias or target>_<depth>` (Plan.hs addRels),
  // so PostgreSQL itself refuses the statement: 42712, which PostgREST answers 400 as it is.
  const duplicate = (join: string) => ({
    code: '42712',
    message: `table name "${join}" specified more than once`,
    details: null,
    hint: null,
  });

  it('one alias twice: 400 42712, never a body with a duplicate key', async () => {
    const { data, error, status } = await anon()
      .from('books')
      .select('id, a:authors(name), a:authors(id)');
    expect(status).toBe(400);
    expect(data).toBeNull();
    expect(error).toEqual(duplicate('books_a_1'));
  });

  it('one relation twice without an alias, or a spread beside it, and nested', async () => {
    const twice = await anon().from('books').select('authors(*), authors(*)');
    expect([twice.status, twice.error]).toEqual([400, duplicate('books_authors_1')]);
    const spread = await anon().from('books').select('authors(*), ...authors(name)');
    expect([spread.status, spread.error]).toEqual([400, duplicate('books_authors_1')]);
    const nested = await anon().from('authors').select('books(r:reviews(*), r:reviews(id))');
    expect([nested.status, nested.error]).toEqual([400, duplicate('books_r_2')]);
  });

  it('distinct names, and one name on different levels, still embed', async () => {
    const { data, error } = await anon()
      .from('books')
      .select('id, a:authors(name), b:authors(id), reviews(id, books(a:authors(name)))')
      .eq('id', 10);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ id: 10 });
  });
});
