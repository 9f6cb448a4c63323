import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** How account passwords are hashed when stored and checked at sign-in. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Better Auth's scrypt (N 16384, r 16, p 1; `salt:key` in hex): slow and memory-hard on purpose,
 * the cost that makes a stolen hash slow to guess. The server always uses it; only the
 * API tests' apps are built with a cheaper one (test/password-hashing.ts, decision 0071), and
 * auth/password-hashing.test.ts proves a server built as main.ts builds it stores this one.
 */
export const productionPasswordHashing: PasswordHashing = {
  hash: (password) => hashPassword(password),
  verify: (data) => verifyPassword(data),
};
