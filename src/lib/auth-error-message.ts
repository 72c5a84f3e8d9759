import { current } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/messages';

/**
 * GoTrue's answers an account form can get, by their code (supabase/auth
 * internal/api/errorcodes.go, passed on by auth-js as `error.code`), in the page's language. The
 * English catalog keeps GoTrue's own sentence for each, so English pages read as they always did;
 * an unlisted code shows the server's message as it came.
 */
const BY_CODE: Record<string, MessageId> = {
  invalid_credentials: 'auth.error.invalidCredentials',
  email_not_confirmed: 'auth.error.emailNotConfirmed',
  user_already_exists: 'auth.error.userExists',
  email_exists: 'auth.error.emailExists',
  same_password: 'auth.error.samePassword',
  over_email_send_rate_limit: 'auth.error.emailRateLimit',
};

/** The Error toast's sentence for a failed sign-in, sign-up, reset or password change. */
export function authErrorMessage(error: unknown): string {
  const i18n = current();
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const id = typeof code === 'string' ? BY_CODE[code] : undefined;
  if (id) return i18n._(id);
  const text = typeof message === 'string' ? message : '';
  // auth-js reports a network failure as its own AuthRetryableFetchError: `Failed to fetch`.
  if (/failed to fetch|networkerror|load failed/i.test(text)) return i18n._('account.unreachable');
  return text || i18n._('error.title');
}
