// The feed's words beyond the results feed follow `lang` (ADR 027): the commitments feed's title
// and description, and every refusal a request can get, in the language it asked for. The
// commitments document itself runs against the real stack (tests/integration/commitments-feed.test.ts).
import { createHandler } from '../handler.ts';
import { FEED_ERRORS, LANG_ERRORS, requestLanguage } from '../feed-errors.ts';
import { FEED_LANGUAGES, FEED_WORDS } from '../feed-words.ts';
import { parseFeedRequest } from '../request.ts';
import { assert, assertEquals } from './assert.ts';

const parse = (query: string) => parseFeedRequest(new URL(`http://h/results-feed${query}`));

Deno.test('every language has every refusal and the commitments words, each its own', () => {
  const wordsOf = (lang: (typeof FEED_LANGUAGES)[number]): Record<string, string> => ({
    ...FEED_ERRORS[lang],
    commitmentsTitle: FEED_WORDS[lang].commitmentsTitle,
    commitmentsDescription: FEED_WORDS[lang].commitmentsDescription,
  });
  const english = wordsOf('en');
  for (const lang of FEED_LANGUAGES.filter((one) => one !== 'en')) {
    const words = wordsOf(lang);
    assertEquals(Object.keys(words).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(words)) {
      assert(text.trim() !== '', `${lang}.${key} is empty`);
      assert(text !== english[key], `${lang}.${key} is English`);
    }
  }
});

Deno.test("a refusal is in the request's language, English when lang names none", () => {
  assertEquals(parse('?lang=th&format=atom'), { ok: false, error: FEED_ERRORS.th.formatUnknown });
  assertEquals(parse('?format=rss&format=json&lang=zh'), {
    ok: false,
    error: FEED_ERRORS.zh.formatTwice,
  });
  assertEquals(parse('?feed=commitments&format=rss&lang=vi'), {
    ok: false,
    error: FEED_ERRORS.vi.commitmentsJson,
  });
  assertEquals(parse(`?lang=lo&x=${'a'.repeat(2000)}`), {
    ok: false,
    error: FEED_ERRORS.lo.queryTooLong,
  });
  assertEquals(parse('?feed=seeds&lang=ms'), { ok: false, error: FEED_ERRORS.ms.feedUnknown });
  // No language to speak: the lang refusals and anything asked with a bad lang are English.
  assertEquals(parse('?lang=th&lang=lo'), { ok: false, error: LANG_ERRORS.twice });
  assertEquals(parse('?lang=xx'), { ok: false, error: LANG_ERRORS.unknown });
  assertEquals(requestLanguage(new URL('http://h/?lang=th&lang=th')), 'en');
  assertEquals(requestLanguage(new URL('http://h/?lang=TH')), 'en');
});

const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
const deadUrl = `http://127.0.0.1:${listener.addr.port}`;
listener.close();
const handler = createHandler({ SUPABASE_URL: deadUrl, SUPABASE_ANON_KEY: 'anon' });
const url = 'http://localhost/results-feed';

Deno.test('the handler refuses and fails in Thai for a Thai request', async () => {
  const post = await handler(new Request(`${url}?lang=th`, { method: 'POST', body: '{}' }));
  assertEquals([post.status, await post.json()], [405, { error: 'ไม่รองรับเมธอดนี้: ใช้ GET' }]);
  const log = console.error;
  console.error = () => {};
  try {
    const results = await handler(new Request(`${url}?lang=th`));
    assertEquals(await results.json(), { error: FEED_ERRORS.th.readResults });
    const commitments = await handler(new Request(`${url}?feed=commitments&lang=th`));
    assertEquals(commitments.status, 502);
    assertEquals(await commitments.json(), { error: FEED_ERRORS.th.readCommitments });
  } finally {
    console.error = log;
  }
});
