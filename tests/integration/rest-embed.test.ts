// Resource embedding through supabase-js, over the foreign keys of tests/fixtures/sql/embedding.sql:
// the answers PostgREST gives (Plan.hs findRel, QueryBuilder.hs readPlanToQuery, Error.hs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedStack } from './rest-embed-harness.ts';
import type { RestStack } from './rest-harness.ts';

let stack: RestStack;
const anon = () => stack.client();

beforeAll(async () => {
  stack = await startEmbedStack();
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
