import { isPasswordTooLong, passwordWeakness, verifyPassword } from '../lib/password.ts';
import { AuthError, badRequest, unprocessable } from './errors.ts';
import type { AuthUser } from './users.ts';

/** password.go checkPasswordStrength with the configured `minimum_password_length`. */
export function assertPasswordStrength(password: string, minLength: number): void {
  if (isPasswordTooLong(password)) {
    throw badRequest('validation_failed', 'Password cannot be longer than 72 characters');
  }
  const weakness = passwordWeakness(password, minLength);
  if (weakness) {
    throw new AuthError(422, 'weak_password', weakness.message, { reasons: weakness.reasons });
  }
}

/** user.go UserUpdate: the new password must not be the current one. */
export async function assertNotSamePassword(user: AuthUser, password: string): Promise<void> {
  if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }
}
