import { PasswordPoolBusyError, passwordPool } from './password-pool.ts';

/** GoTrue hashes with bcrypt's default cost (Go's bcrypt.DefaultCost = 10). */
export const BCRYPT_COST = 10;
/** The product's rule (GoTrue's `password.min_length`). */
export const MIN_PASSWORD_LENGTH = 8;
/**
 * bcrypt reads at most 72 bytes; a longer password would be silently truncated, so GoTrue
 * refuses it (internal/api/password.go, MaxPasswordLength) and so do we.
 */
export const MAX_PASSWORD_BYTES = 72;

/**
 * A hash of a random string nobody knows, at the same cost as real hashes. Comparing against it
 * when an email is unknown makes a sign-in take as long as with a wrong password, so response
 * time does not reveal which emails have accounts.
 */
const DUMMY_HASH = '$2b$10$W/pQ0Q3EvCA.5nui2pGzMemtKTgwde/NWF6uyNH3ZtSh7jioa0ZAG';

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

/** GoTrue's WeakPasswordError: a sentence per failed rule and a machine-readable reason each. */
export function passwordWeakness(
  password: string,
  minLength = MIN_PASSWORD_LENGTH,
): PasswordWeakness | null {
  // Counted in characters (code points), which is what a person typing the password sees.
  if ([...password].length < minLength) {
    return { message: `Password should be at least ${minLength} characters.`, reasons: ['length'] };
  }
  return null;
}

export function isPasswordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

export async function hashPassword(password: string): Promise<string> {
  if (isPasswordTooLong(password)) {
    throw new RangeError(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  // In the worker pool (password-pool.ts): bcryptjs would hold the event loop for each hash.
  return (await passwordPool().run({ op: 'hash', password, cost: BCRYPT_COST })) as string;
}

/**
 * Whether `password` matches `hash`. With no hash (unknown user, or a user without a password)
 * it still runs one full bcrypt comparison and answers false, so every failure costs the same.
 */
export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  const usable = typeof hash === 'string' && /^\$2[aby]\$\d\d\$/.test(hash);
  const tooLong = isPasswordTooLong(password);
  let matches: boolean;
  try {
    const job = { op: 'compare', password, hash: usable ? hash : DUMMY_HASH } as const;
    matches = (await passwordPool().run(job)) === true;
  } catch (error) {
    // A full queue is the caller's answer (429); a malformed hash is only a mismatch.
    if (error instanceof PasswordPoolBusyError) throw error;
    matches = false;
  }
  return usable && !tooLong && matches;
}
