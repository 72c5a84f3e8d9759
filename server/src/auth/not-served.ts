import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { requireAdmin } from './admin-guard.ts';
import { authenticate } from './authenticate.ts';
import { AuthError, renderAuthError } from './errors.ts';

/**
 * GoTrue's routes that this stack does not serve, each answered as GoTrue answers when that
 * feature is off (the project's supabase/config.toml leaves them off, or the stack does not
 * offer them): a JSON error with a code, which supabase-js turns into an AuthApiError. A
 * plain-text 404 would reach the app as an AuthUnknownError it cannot tell apart from an
 * outage. Messages and codes are GoTrue's (internal/api: api.go middleware, magic_link.go,
 * otp.go, external.go, web3.go; MFA is served by mfa-routes.ts); the guards run first, as
 * GoTrue's do.
 */
type Guard = 'user' | 'admin' | null;

interface Refusal {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  guard: Guard;
  error: (request: FastifyRequest) => AuthError;
}

const err = (status: number, code: string, message: string) => () =>
  new AuthError(status, code, message);
const body = (request: FastifyRequest): Record<string, unknown> => {
  try {
    const value: unknown = typeof request.body === 'string' ? JSON.parse(request.body) : {};
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const magicLinkOff = err(422, 'email_provider_disabled', 'Login with magic link is disabled');
const samlOff = err(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
const linkingOff = err(404, 'manual_linking_disabled', 'Manual linking is disabled');
const oauthServerOff = err(404, 'feature_disabled', 'OAuth server is disabled');
const passkeysOff = err(404, 'passkey_disabled', 'Passkeys are disabled');
const notOffered = (what: string) =>
  err(404, 'not_found', `${what} is not available on this stack`);

/** otp.go: an e-mail goes to MagicLink (off here), a phone to SmsOtp (no SMS provider). */
function otpOff(request: FastifyRequest): AuthError {
  const { email, phone } = body(request);
  if (typeof phone === 'string' && phone !== '' && !email) {
    return new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  return magicLinkOff();
}

export const REFUSALS: Refusal[] = [
  { method: 'POST', path: '/otp', guard: null, error: otpOff },
  { method: 'POST', path: '/magiclink', guard: null, error: magicLinkOff },
  { method: 'POST', path: '/resend', guard: null, error: notOffered('Resending a mail') },
  {
    method: 'GET',
    path: '/authorize',
    guard: null,
    error: err(400, 'validation_failed', 'Unsupported provider: provider is not enabled'),
  },
  { method: 'GET', path: '/callback', guard: null, error: notOffered('OAuth sign-in') },
  { method: 'POST', path: '/callback', guard: null, error: notOffered('OAuth sign-in') },
  { method: 'GET', path: '/reauthenticate', guard: 'user', error: notOffered('Reauthentication') },
  { method: 'GET', path: '/user/identities/authorize', guard: 'user', error: linkingOff },
  { method: 'DELETE', path: '/user/identities/:id', guard: 'user', error: linkingOff },
  { method: 'GET', path: '/user/oauth/grants', guard: 'user', error: oauthServerOff },
  { method: 'DELETE', path: '/user/oauth/grants', guard: 'user', error: oauthServerOff },
  { method: 'POST', path: '/sso', guard: null, error: samlOff },
  { method: 'GET', path: '/sso/saml/metadata', guard: null, error: samlOff },
  { method: 'POST', path: '/sso/saml/acs', guard: null, error: samlOff },
  { method: 'POST', path: '/passkeys/authentication/options', guard: null, error: passkeysOff },
  { method: 'POST', path: '/passkeys/authentication/verify', guard: null, error: passkeysOff },
  { method: 'GET', path: '/passkeys', guard: null, error: passkeysOff },
  { method: 'GET', path: '/oauth/authorize', guard: null, error: oauthServerOff },
  { method: 'POST', path: '/oauth/token', guard: null, error: oauthServerOff },
  { method: 'POST', path: '/oauth/clients/register', guard: null, error: oauthServerOff },
  { method: 'POST', path: '/invite', guard: 'admin', error: notOffered('Inviting by e-mail') },
  {
    method: 'POST',
    path: '/admin/generate_link',
    guard: 'admin',
    error: notOffered('Generating links'),
  },
  { method: 'GET', path: '/admin/sso/providers', guard: 'admin', error: samlOff },
  { method: 'POST', path: '/admin/sso/providers', guard: 'admin', error: samlOff },
  { method: 'GET', path: '/admin/oauth/clients', guard: 'admin', error: oauthServerOff },
  { method: 'POST', path: '/admin/oauth/clients', guard: 'admin', error: oauthServerOff },
];

export function refusalRoutes(app: FastifyInstance, ctx: StackContext): void {
  for (const refusal of REFUSALS) {
    app.route({
      method: refusal.method,
      url: refusal.path,
      handler: async (request: FastifyRequest) => {
        if (refusal.guard === 'user') await authenticate(ctx, request);
        if (refusal.guard === 'admin') await requireAdmin(ctx, request);
        throw refusal.error(request);
      },
    });
  }
  // GoTrue publishes only asymmetric signing keys; with the legacy HS256 secret the set is empty.
  app.get('/.well-known/jwks.json', async () => ({ keys: [] }));
}

/**
 * Any other path or method. GoTrue leaves these to chi's plain-text 404, which supabase-js can
 * only report as an unknown error; the stack answers GoTrue's JSON shape instead (ADR 019).
 */
export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return renderAuthError(request, reply, new AuthError(404, 'not_found', 'Not found'));
}
