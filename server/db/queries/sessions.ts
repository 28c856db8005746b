// Rotating refresh tokens and single-use password reset links, both stored as SHA-256 hashes.
import type { Db } from '../index.ts'

export async function saveRefreshToken(db: Db, userId: number, hash: string, expiresAt: string, now: string): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: userId, token_hash: hash, expires_at: expiresAt, created_at: now })
    .execute()
}

export type RefreshUse =
  { state: 'ok'; userId: number; expiresAt: string } | { state: 'reused'; userId: number } | { state: 'invalid' }

export type Rotation = { hash: string; successorHash: string; successorExpiresAt: string; now: Date; graceSeconds: number }

/**
 * Spends a refresh token for its successor. The successor is derived from the token (the caller
 * passes its hash), so tabs refreshing together all get the same one: a token presented again
 * within `graceSeconds` of its rotation answers with the successor it already has. Presented later,
 * or after a sign-out, it means the token was stolen, so every token of that user is revoked.
 */
export async function spendRefreshToken(db: Db, rotation: Rotation): Promise<RefreshUse> {
  const { hash, successorHash, successorExpiresAt } = rotation
  const now = rotation.now.toISOString()
  let row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst()
  if (!row || row.expires_at <= now) return { state: 'invalid' }
  if (row.revoked_at === null) {
    // The successor exists before the old token points to it, so a racing request finds it.
    await db
      .insertInto('refresh_tokens')
      .values({ user_id: row.user_id, token_hash: successorHash, expires_at: successorExpiresAt, created_at: now })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute()
    const spent = await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, successor_hash: successorHash })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(spent.numUpdatedRows) === 1) return { state: 'ok', userId: row.user_id, expiresAt: successorExpiresAt }
    row = await db.selectFrom('refresh_tokens').selectAll().where('id', '=', row.id).executeTakeFirst()
    if (!row) return { state: 'invalid' }
    // Signed out while we rotated: the successor we added must not outlive it.
    if (row.successor_hash !== successorHash)
      await db.deleteFrom('refresh_tokens').where('token_hash', '=', successorHash).execute()
  }
  const graceStart = new Date(rotation.now.getTime() - rotation.graceSeconds * 1000).toISOString()
  if (row.successor_hash === successorHash && row.revoked_at !== null && row.revoked_at > graceStart) {
    const successor = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', successorHash).executeTakeFirst()
    if (successor && successor.revoked_at === null && successor.expires_at > now)
      return { state: 'ok', userId: row.user_id, expiresAt: successor.expires_at }
    return { state: 'invalid' }
  }
  await revokeUserTokens(db, row.user_id, now)
  return { state: 'reused', userId: row.user_id }
}

export async function revokeRefreshToken(db: Db, hash: string, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function revokeUserTokens(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function saveReset(db: Db, userId: number, hash: string, expiresAt: string, now: string): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ token_hash: hash, user_id: userId, expires_at: expiresAt, created_at: now })
    .execute()
}

/** Spends a reset link: the user id when it is unused and unexpired, else null. The user's other links die with it. */
export async function spendReset(db: Db, hash: string, now: string): Promise<number | null> {
  const row = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', hash).executeTakeFirst()
  if (!row || row.used_at || row.expires_at <= now) return null
  const spent = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(spent.numUpdatedRows) !== 1) return null
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute()
  return row.user_id
}

/** Drops expired tokens and links, and old rate-limit windows (run by the background job). */
export async function pruneSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute()
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute()
  const dayAgo = new Date(Date.parse(now) - 86_400_000).toISOString()
  await db.deleteFrom('rate_limits').where('window_start', '<', dayAgo).execute()
}
