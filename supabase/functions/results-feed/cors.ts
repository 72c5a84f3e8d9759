/**
 * A feed is public: any origin may read it (a web feed reader fetches it from its own origin).
 * Hosted edge functions answer CORS themselves, as in Supabase's `_shared/cors.ts` example.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, if-none-match',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Expose-Headers': 'etag, last-modified',
};

export const errorResponse = (
  status: number,
  error: string,
  headers: Record<string, string> = {},
): Response =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: {
      ...corsHeaders,
      ...headers,
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    },
  });
