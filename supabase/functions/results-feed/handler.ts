import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { COMMITMENTS_CONTENT_TYPE, readCommitments, renderCommitments } from './commitments.ts';
import { cors } from '../_shared/cors.ts';
import { FEED_ERRORS, requestLanguage } from './feed-errors.ts';
import type { FeedLanguage } from './feed-words.ts';
import { secondsToNextDraw } from './draw-time.ts';
import { buildFeed, type DrawRow, type FeedContext, renderJsonFeed, renderRss } from './feed.ts';
import {
  BROWSER_VIEW_TYPE,
  CONTENT_TYPES,
  entityTag,
  FEED_SIZE,
  isBrowserView,
  matchesEtag,
  parseFeedRequest,
} from './request.ts';

/** What the runtime can add. Node 20 has no global WebSocket, which supabase-js needs at construction. */
export interface HandlerOptions {
  realtime?: SupabaseClientOptions<'public'>['realtime'];
  /** The clock, for tests; the wall clock otherwise. */
  now?: () => number;
}

export type Handler = (req: Request) => Promise<Response>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

// A feed is public: any origin may read it (a web feed reader fetches it from its own origin),
// revalidate it (`If-None-Match`) and read its validators.
const { corsHeaders, errorResponse, preflightResponse } = cors({
  methods: 'GET, HEAD, OPTIONS',
  allowHeaders: ['if-none-match'],
  exposeHeaders: ['etag', 'last-modified'],
});

/**
 * The results-feed handler: the latest published draws as RSS 2.0 (`?format=rss`, the default)
 * or JSON Feed 1.1 (`?format=json`). Built from an explicit environment so the same code runs
 * under Deno.serve (index.ts) and under the local stack in Node (docs/decisions/005).
 */
export function createHandler(
  env: Record<string, string | undefined>,
  options: HandlerOptions = {},
): Handler {
  const url = env.SUPABASE_URL;
  const anonKey = env.SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');
  const now = options.now ?? Date.now;
  // The anon key, never the service key: the publication policy decides what a feed may show,
  // exactly as for a visitor of the site.
  const supabase = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: options.realtime,
  });
  const feedUrl = `${trimSlash(url)}/functions/v1/results-feed`;

  async function read(): Promise<{ rows: DrawRow[]; timeZone: string } | null> {
    const [results, settings] = await Promise.all([
      supabase
        .from('lottery_results')
        .select('draw_date, draw_hour, first_prize, updated_at')
        .order('draw_date', { ascending: false })
        .order('draw_hour', { ascending: false })
        .limit(FEED_SIZE)
        .retry(false),
      supabase.from('lottery_settings').select('timezone').maybeSingle().retry(false),
    ]);
    if (results.error || settings.error) return null;
    return { rows: results.data as DrawRow[], timeZone: settings.data?.timezone ?? 'UTC' };
  }

  /** The commitments feed (ADR 023): current until the next draw, when its first entry leaves. */
  async function commitmentsResponse(req: Request, lang: FeedLanguage): Promise<Response> {
    const unread = () => errorResponse(502, FEED_ERRORS[lang].readCommitments);
    const settings = await supabase
      .from('lottery_settings')
      .select('timezone')
      .maybeSingle()
      .retry(false);
    if (settings.error) return unread();
    const timeZone = settings.data?.timezone ?? 'UTC';
    const document = await readCommitments(supabase, now(), timeZone, lang);
    if (!document) return unread();
    const body = renderCommitments(document);
    const etag = await entityTag(body);
    const headers: Record<string, string> = {
      ...corsHeaders,
      'Content-Type': COMMITMENTS_CONTENT_TYPE,
      'Cache-Control': `public, max-age=${secondsToNextDraw(now(), timeZone)}`,
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (matchesEtag(req.headers.get('If-None-Match'), etag))
      return new Response(null, { status: 304, headers });
    return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
  }

  return async (req) => {
    if (req.method === 'OPTIONS') return preflightResponse();
    const requestUrl = new URL(req.url);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return errorResponse(405, FEED_ERRORS[requestLanguage(requestUrl)].methodNotAllowed, {
        Allow: 'GET, HEAD, OPTIONS',
      });
    }
    const parsed = parseFeedRequest(requestUrl);
    if (!parsed.ok) return errorResponse(400, parsed.error);

    if (parsed.feed === 'commitments') return commitmentsResponse(req, parsed.lang);
    const data = await read();
    if (!data) return errorResponse(502, FEED_ERRORS[parsed.lang].readResults);
    const context: FeedContext = {
      siteUrl: trimSlash(env.SITE_URL || requestUrl.origin),
      feedUrl,
      timeZone: data.timeZone,
      lang: parsed.lang,
    };
    const feed = buildFeed(data.rows, context);
    const body = parsed.format === 'rss' ? renderRss(feed, context) : renderJsonFeed(feed, context);
    const browserView = parsed.format === 'rss' && isBrowserView(req.headers.get('Accept'));
    const contentType = browserView ? BROWSER_VIEW_TYPE : CONTENT_TYPES[parsed.format];
    // Two representations of one body: each its own validator (RFC 9110 8.8.3).
    const etag = await entityTag(browserView ? `${contentType}\n${body}` : body);
    const headers: Record<string, string> = {
      ...corsHeaders,
      'Content-Type': contentType,
      // Current until the next draw publishes: a cache or reader may reuse it until then and
      // must ask again after (a few seconds' grace would show a draw late, so none).
      'Cache-Control': `public, max-age=${secondsToNextDraw(now(), data.timeZone)}`,
      ETag: etag,
      Vary: 'Accept, Accept-Encoding',
    };
    if (feed.lastModified !== null)
      headers['Last-Modified'] = new Date(feed.lastModified).toUTCString();
    // Only the entity tag decides a 304: a deleted draw changes the feed without making
    // anything newer, so If-Modified-Since alone could keep a reader on a feed that is gone.
    if (matchesEtag(req.headers.get('If-None-Match'), etag))
      return new Response(null, { status: 304, headers });
    return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
