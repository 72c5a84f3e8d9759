import type { StackContext } from '../context.ts';

/** The link a mail carries: GET /verify on the API, as GoTrue's `{{ .ConfirmationURL }}`. */
export function verifyLink(
  ctx: StackContext,
  hash: string,
  type: 'recovery' | 'email_change',
  redirectTo: string,
): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${ctx.apiUrl}/auth/v1/verify?${query.toString()}`;
}

/**
 * Where GET /verify sends the browser: `redirect_to` with the outcome in the fragment, keys
 * sorted and encoded as Go's url.Values.Encode does (supabase-js reads the fragment).
 */
export function withFragment(redirectTo: string, values: Record<string, string>): string {
  const params = new URLSearchParams(
    Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return `${redirectTo.split('#')[0]}#${params.toString()}`;
}
