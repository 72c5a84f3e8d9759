// What the supervisor does to a database before any worker serves it, apart from the HTTP app
// (app.ts): the supervisor never loads Fastify (ADR 031).
import { SignJWT } from 'jose';
import pg from 'pg';
import { grantCaptureToRealtime } from './realtime/capture-grants.ts';
import { installChangeCapture } from './db/capture.ts';

/**
 * Project API keys are JWTs signed with the project's secret, like Supabase's anon and
 * service_role keys. Fixed iat/exp make them the same on every start for the same secret.
 */
async function projectKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'lotto24', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(1_735_689_600)
    .setExpirationTime(2_051_222_400)
    .sign(new TextEncoder().encode(secret));
}

export async function projectKeys(secret: string): Promise<{ anon: string; serviceRole: string }> {
  return {
    anon: await projectKey('anon', secret),
    serviceRole: await projectKey('service_role', secret),
  };
}

/** The capture's event trigger needs the superuser; the realtime role then reads the capture. */
export async function prepareCapture(adminUrl: string): Promise<void> {
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  try {
    await installChangeCapture(admin);
    await grantCaptureToRealtime(admin);
  } finally {
    await admin.end();
  }
}
