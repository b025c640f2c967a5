/**
 * The pit's view's logins, kept in the ledger: people with a role, their passwords as scrypt
 * hashes, and signed-in sessions as the hash of a random token with an end. A wrong password and
 * an unknown name take the same time and get the same answer.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LedgerTables, PitUserRow } from '../record/schema.js';

export type PitRole = PitUserRow['role'];
export const PIT_ROLES: readonly PitRole[] = ['pit', 'surveillance', 'admin'];

/** What each role may read, each including the one before: pit < surveillance < admin. */
export function roleAllows(role: PitRole, needed: PitRole): boolean {
  return PIT_ROLES.indexOf(role) >= PIT_ROLES.indexOf(needed);
}

/** A sign-in lasts a shift and a half. */
export const LOGIN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** A login name: what a person types, 1–60 letters, digits, dots, dashes or underscores. */
export const LOGIN_NAME = /^[\p{L}\p{N}._-]{1,60}$/u;
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 200;

// scrypt's cost: a tenth of a second or so a check, so guessing is slow and a sign-in is not.
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || Number(n) !== SCRYPT.N || Number(r) !== SCRYPT.r || Number(p) !== SCRYPT.p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash no password matches, checked for an unknown name so that it takes as long as a known one. */
const NOBODY = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export class LoginError extends Error {}

export function checkNewLogin(name: string, password: string, role: string): asserts role is PitRole {
  if (!LOGIN_NAME.test(name)) throw new LoginError('a login name is 1 to 60 letters, digits, dots, dashes or underscores');
  if (!(PIT_ROLES as readonly string[]).includes(role))
    throw new LoginError(`the role is one of ${PIT_ROLES.join(', ')}; got "${role.slice(0, 40)}"`);
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new LoginError(`a password is ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
  }
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export class PitLogins {
  constructor(private readonly db: Kysely<LedgerTables>) {}

  /** Adds a login, or gives an existing one a new password and role (its sessions end). */
  async set(name: string, password: string, role: string, now: Date = new Date()): Promise<'added' | 'changed'> {
    checkNewLogin(name, password, role);
    const password_hash = await hashPassword(password);
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('pit_user').select('name').where('name', '=', name).executeTakeFirst();
      if (existing) {
        await trx.updateTable('pit_user').set({ role, password_hash }).where('name', '=', name).execute();
        await trx.deleteFrom('pit_login').where('user_name', '=', name).execute();
        return 'changed';
      }
      await trx.insertInto('pit_user').values({ name, role, password_hash, created_at: now.toISOString() }).execute();
      return 'added';
    });
  }

  /** Removes a login and ends its sessions; false when there was none of that name. */
  async remove(name: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('pit_login').where('user_name', '=', name).execute();
      const removed = await trx.deleteFrom('pit_user').where('name', '=', name).executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    });
  }

  async list(): Promise<{ name: string; role: PitRole; createdAt: string }[]> {
    const rows = await this.db.selectFrom('pit_user').select(['name', 'role', 'created_at']).orderBy('name').execute();
    return rows.map((row) => ({ name: row.name, role: row.role, createdAt: row.created_at }));
  }

  /** Signs in: a new session's token, or null for a wrong name or password (the same answer, after the same work). */
  async signIn(
    name: string,
    password: string,
    now: Date = new Date(),
  ): Promise<{ token: string; role: PitRole; expiresAt: string } | null> {
    const user = LOGIN_NAME.test(name)
      ? await this.db.selectFrom('pit_user').selectAll().where('name', '=', name).executeTakeFirst()
      : undefined;
    const matches = await passwordMatches(password.slice(0, MAX_PASSWORD_LENGTH), user?.password_hash ?? NOBODY);
    if (!user || !matches) return null;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + LOGIN_LIFETIME_MS).toISOString();
    await this.db
      .insertInto('pit_login')
      .values({ token_hash: tokenHash(token), user_name: user.name, created_at: now.toISOString(), expires_at: expiresAt })
      .execute();
    return { token, role: user.role, expiresAt };
  }

  /** The login a token belongs to, or why not: unknown (forged, or signed out) or expired. */
  async session(token: string, now: Date = new Date()): Promise<{ name: string; role: PitRole } | 'unknown' | 'expired'> {
    if (!/^[\w-]{43}$/.test(token)) return 'unknown';
    const row = await this.db
      .selectFrom('pit_login as l')
      .innerJoin('pit_user as u', 'u.name', 'l.user_name')
      .select(['u.name', 'u.role', 'l.expires_at'])
      .where('l.token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    if (!row) return 'unknown';
    if (row.expires_at <= now.toISOString()) return 'expired';
    return { name: row.name, role: row.role };
  }

  async signOut(token: string): Promise<void> {
    await this.db.deleteFrom('pit_login').where('token_hash', '=', tokenHash(token)).execute();
  }
}
