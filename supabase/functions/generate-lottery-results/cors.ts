/**
 * Hosted edge functions answer CORS themselves (the gateway does not), with the headers from
 * Supabase's `_shared/cors.ts` example: supabase-js sends authorization, x-client-info, apikey
 * and content-type.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** The browser's preflight: as in Supabase's examples, `ok` with the CORS headers. */
export function preflightResponse(): Response {
  return new Response('ok', { headers: corsHeaders });
}

/** Every other answer is JSON with the CORS headers, so a browser can read errors too. */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, ...headers, 'Content-Type': 'application/json' },
  });
}

export const errorResponse = (
  status: number,
  error: string,
  headers?: Record<string, string>,
): Response => jsonResponse({ error }, status, headers);
