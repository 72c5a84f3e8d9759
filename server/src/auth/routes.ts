import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { adminRoutes } from './admin-routes.ts';
import { assertAudience, authenticate } from './authenticate.ts';
import { API_VERSION_HEADER, authErrorHandler, badRequest, BODY_LIMIT } from './errors.ts';
import { createAuthLimits } from './limits.ts';
import { createMailLimits } from './mail-limits.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { notFound, refusalRoutes } from './not-served.ts';
import { recoverHandler } from './recover.ts';
import { authSettings } from './settings.ts';
import { updateUserHandler } from './update-user.ts';
import { verifyGetHandler, verifyPostHandler } from './verify.ts';
import { endSessions, type LogoutScope } from './sessions.ts';
import { signupHandler } from './signup.ts';
import { tokenHandler } from './token.ts';
import { userJson } from './user-json.ts';
import { AUTHENTICATED } from './users.ts';

/**
 * The GoTrue API that supabase-js speaks, mounted at /auth/v1 in its own Fastify scope, so its
 * body parsing and error bodies stay GoTrue's and do not leak into the other APIs.
 */
export async function authRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  // GoTrue decodes every body as JSON whatever its Content-Type (helpers.go), reporting
  // failures as `bad_json`; the raw text is handed to the handlers, which do exactly that.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );
  app.setErrorHandler(authErrorHandler);
  // GoTrue's JSON error, not chi's plain text, for anything not served (not-served.ts).
  app.setNotFoundHandler(notFound);
  app.addHook('onRequest', exposeApiVersion);

  const limits = createAuthLimits(ctx.config.rateLimits);
  const routeOptions = { bodyLimit: BODY_LIMIT };

  const mailLimits = createMailLimits(authSettings(ctx));

  app.post('/signup', routeOptions, signupHandler(ctx, limits));
  app.post('/token', routeOptions, tokenHandler(ctx, limits));
  app.post('/recover', routeOptions, recoverHandler(ctx, mailLimits, limits));
  app.get('/verify', verifyGetHandler(ctx, mailLimits));
  app.post('/verify', routeOptions, verifyPostHandler(ctx, mailLimits));
  app.put('/user', routeOptions, updateUserHandler(ctx, mailLimits, limits));
  await app.register(async (scope) => adminRoutes(scope, ctx), { prefix: '/admin' });
  mfaRoutes(app, ctx);
  refusalRoutes(app, ctx);

  app.get('/user', async (request) => {
    const { claims, user } = await authenticate(ctx, request);
    assertAudience(claims, AUTHENTICATED);
    return userJson(user);
  });

  app.post('/logout', routeOptions, async (request, reply) => {
    const { user, sessionId } = await authenticate(ctx, request);
    const scope = logoutScope((request.query as Record<string, unknown>).scope);
    await endSessions(ctx.pools.auth, user.id, sessionId, scope);
    return reply.code(204).send();
  });

  app.get('/settings', async () => settings());
  app.get('/health', async () => ({
    version: 'lotto24',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));
}

function logoutScope(value: unknown): LogoutScope {
  const scope = typeof value === 'string' ? value : '';
  if (scope === '' || scope === 'global') return 'global';
  if (scope === 'local' || scope === 'others') return scope;
  throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
}

/** settings.go: what this instance offers. Email and password only, auto-confirmed. */
function settings() {
  // settings.go's ProviderSettings, in its order.
  const providers = (
    'anonymous_users apple azure bitbucket discord facebook snapchat figma fly github gitlab google keycloak ' +
    'kakao linkedin linkedin_oidc notion spotify slack slack_oidc workos twitch twitter email phone zoom'
  ).split(' ');
  return {
    external: Object.fromEntries(providers.map((name) => [name, name === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

/**
 * GoTrue's CORS exposes X-Supabase-Api-Version (api.go): supabase-js reads it to know how to
 * parse an error, so a cross-origin app (Vite dev server) must be able to see it.
 */
async function exposeApiVersion(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const exposed = reply.getHeader('access-control-expose-headers');
  if (typeof exposed === 'string' && !/x-supabase-api-version/i.test(exposed)) {
    reply.header('access-control-expose-headers', `${exposed}, ${API_VERSION_HEADER}`);
  }
}
