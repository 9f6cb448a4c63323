import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { productionPasswordHashing, type PasswordHashing } from '../auth/password-hashing.js';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** Marks a hash made here; production's verifier reads it as a wrong password (it never matches). */
export const TEST_HASH_PREFIX = 'test-scrypt-n1024';
const COST = { N: 1024, r: 1, p: 1 };

const cheapKey = async (password: string, salt: string) =>
  (await scrypt(password.normalize('NFKC'), salt, 64, COST)).toString('hex');

/** Verdicts of production hashes already checked (the same pair always gives the same answer). */
const checked = new Map<string, boolean>();

/**
 * Password hashing for the API tests only: the same scrypt at 1/256 of production's cost, so a
 * test that makes dozens of sign-ins
 * spends its time on what it checks, not on hashing (decision 0071). It still hashes: a wrong
 * password fails, each hash has its own salt. A production hash (a row written by other code)
 * is checked at full cost, once per pair. Never used by the server: `buildApp` takes it only
 * from the tests, and auth/password-hashing.test.ts proves the server stores production's.
 */
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = crypto.randomBytes(16).toString('hex');
    return `${TEST_HASH_PREFIX}:${salt}:${await cheapKey(password, salt)}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':');
    if (prefix === TEST_HASH_PREFIX && salt && key) {
      const got = Buffer.from(await cheapKey(password, salt), 'hex');
      const want = Buffer.from(key, 'hex');
      return got.length === want.length && crypto.timingSafeEqual(got, want);
    }
    const pair = `${hash}\n${password}`;
    let verdict = checked.get(pair);
    if (verdict === undefined) {
      verdict = await productionPasswordHashing.verify({ hash, password });
      checked.set(pair, verdict);
    }
    return verdict;
  },
};
