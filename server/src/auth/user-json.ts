import { factorJson } from './mfa-store.ts';
import type { AuthIdentity, AuthUser } from './users.ts';

/**
 * A user as GoTrue serialises models.User (internal/models/user.go): optional timestamps are
 * omitted when empty (`omitempty`), a missing phone is "", the password hash never leaves.
 * Key order follows the struct, so responses read like GoTrue's.
 */
export function userJson(user: AuthUser): Record<string, unknown> {
  return omitEmpty({
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(
      user.confirmed_at ?? earliest(user.email_confirmed_at, user.phone_confirmed_at),
    ),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    // `factors,omitempty` (models/user.go): absent for a user without any.
    factors: user.factors?.length ? user.factors.map(factorJson) : undefined,
    identities: user.identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

/**
 * models.Identity: its uuid goes out as `identity_id` and the provider's id as `id`, kept that
 * way by GoTrue for supabase-js' sake (identity.go).
 */
function identityJson(identity: AuthIdentity): Record<string, unknown> {
  return omitEmpty({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  });
}

function iso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (a && b) return a < b ? a : b;
  return a ?? b;
}

function omitEmpty(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}
