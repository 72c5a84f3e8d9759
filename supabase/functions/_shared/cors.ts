/**
 * Hosted edge functions answer CORS themselves (the gateway does not), as Supabase's own
 * `_shared/cors.ts` example does: supabase-js sends authorization, x-client-info, apikey and
 * content-type. The functions' own code, not a copy of the app's (README.md here): each function
 * names what it differs in, its methods, a request header it reads (a feed's `if-none-match`)
 * and the response headers a browser may read (a feed's validators).
 */
export interface CorsOptions {
  /** `Access-Control-Allow-Methods`, OPTIONS included: `POST, OPTIONS`. */
  methods: string;
  /** Request headers beyond supabase-js's four. */
  allowHeaders?: readonly string[];
  /** `Access-Control-Expose-Headers`, when a browser must read more than the safelisted ones. */
  exposeHeaders?: readonly string[];
}

const SUPABASE_JS_HEADERS = ['authorization', 'x-client-info', 'apikey', 'content-type'];

export interface Cors {
  corsHeaders: Record<string, string>;
  /** The browser's preflight: as in Supabase's examples, `ok` with the CORS headers. */
  preflightResponse: () => Response;
  /** JSON with the CORS headers, so a browser can read errors too. */
  jsonResponse: (body: unknown, status?: number, headers?: Record<string, string>) => Response;
  /**
   * `{ error }` as JSON, never stored by a cache: the next request may well succeed.
   * `headers` add to it (`Allow` on a 405).
   */
  errorResponse: (status: number, error: string, headers?: Record<string, string>) => Response;
}

export function cors({ methods, allowHeaders = [], exposeHeaders = [] }: CorsOptions): Cors {
  const corsHeaders: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': [...SUPABASE_JS_HEADERS, ...allowHeaders].join(', '),
    'Access-Control-Allow-Methods': methods,
  };
  if (exposeHeaders.length > 0)
    corsHeaders['Access-Control-Expose-Headers'] = exposeHeaders.join(', ');
  const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { ...corsHeaders, ...headers, 'Content-Type': 'application/json' },
    });
  return {
    corsHeaders,
    preflightResponse: () => new Response('ok', { headers: corsHeaders }),
    jsonResponse,
    errorResponse: (status, error, headers = {}) =>
      jsonResponse({ error }, status, { ...headers, 'Cache-Control': 'no-store' }),
  };
}
