// Sessions with their rotating refresh tokens, and single-use password reset links; secrets stored as SHA-256 hashes.
import type { Db } from '../index.ts'

/** Why a refresh token was revoked, or a session ended. */
export type RevokeReason = 'rotated' | 'logout' | 'logout-all' | 'theft' | 'password'

export type NewSession = { sessionId: string; userId: number; hash: string; expiresAt: string; now: string }

/** Starts a session: its row, then its first refresh token. */
export async function saveSession(db: Db, session: NewSession): Promise<void> {
  const { sessionId, userId, hash, expiresAt, now } = session
  await db.insertInto('sessions').values({ id: sessionId, user_id: userId, created_at: now }).execute()
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: userId, session_id: sessionId, token_hash: hash, expires_at: expiresAt, created_at: now })
    .execute()
}

/** Whether the session is the user's and has not ended (checked on every request with a user's access token). */
export async function sessionLive(db: Db, sessionId: string | null, userId: number): Promise<boolean> {
  if (!sessionId) return false
  const row = await db
    .selectFrom('sessions')
    .select('ended_at')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined && row.ended_at === null
}

export type RefreshUse =
  | { state: 'ok'; userId: number; sessionId: string; expiresAt: string }
  | { state: 'reused'; userId: number }
  | { state: 'invalid' }

export type Rotation = { hash: string; successorHash: string; successorExpiresAt: string; now: Date; graceSeconds: number }

/**
 * Spends a refresh token for its successor. The successor is derived from the token (the caller
 * passes its hash), so tabs refreshing together all get the same one: a token presented again
 * within `graceSeconds` of its rotation answers with the successor it already has. A rotated token
 * presented later, while its session still runs, means it was stolen: every session of that user
 * ends. A token revoked for any other reason (a sign-out, a reset, a theft already seen) is refused,
 * nothing more: a tab that missed a sign-out must not sign the user's other devices out.
 */
export async function spendRefreshToken(db: Db, rotation: Rotation): Promise<RefreshUse> {
  const { hash, successorHash, successorExpiresAt } = rotation
  const now = rotation.now.toISOString()
  let row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst()
  if (!row || row.expires_at <= now || row.session_id === null) return { state: 'invalid' }
  const sessionId = row.session_id
  if (row.revoked_at === null) {
    // The successor exists before the old token points to it, so a racing request finds it.
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: row.user_id,
        session_id: sessionId,
        token_hash: successorHash,
        expires_at: successorExpiresAt,
        created_at: now,
      })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute()
    const spent = await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, revoked_reason: 'rotated', successor_hash: successorHash })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(spent.numUpdatedRows) === 1) {
      // A sign-out ends the session before it revokes its tokens: one that ran meanwhile ends the successor here.
      if (await sessionLive(db, sessionId, row.user_id))
        return { state: 'ok', userId: row.user_id, sessionId, expiresAt: successorExpiresAt }
      await revokeSessionTokens(db, sessionId, now, 'logout')
      return { state: 'invalid' }
    }
    row = await db.selectFrom('refresh_tokens').selectAll().where('id', '=', row.id).executeTakeFirst()
    if (!row) return { state: 'invalid' }
    // Signed out while we rotated: the successor we added must not outlive it.
    if (row.successor_hash !== successorHash)
      await db.deleteFrom('refresh_tokens').where('token_hash', '=', successorHash).execute()
  }
  if (row.revoked_reason !== 'rotated') return { state: 'invalid' }
  const graceStart = new Date(rotation.now.getTime() - rotation.graceSeconds * 1000).toISOString()
  if (row.successor_hash === successorHash && row.revoked_at !== null && row.revoked_at > graceStart) {
    const successor = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', successorHash).executeTakeFirst()
    if (successor && successor.revoked_at === null && successor.expires_at > now)
      return { state: 'ok', userId: row.user_id, sessionId, expiresAt: successor.expires_at }
    return { state: 'invalid' }
  }
  // Replayed late. Once the session has ended (signed out, reset, a theft already seen) it is only refused.
  if (!(await sessionLive(db, sessionId, row.user_id))) return { state: 'invalid' }
  await endUserSessions(db, row.user_id, now, 'theft')
  return { state: 'reused', userId: row.user_id }
}

async function revokeSessionTokens(db: Db, sessionId: string, now: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Signs out the session of the presented refresh token, whichever of its tokens it is: the row ends
 * (and with it the session's access tokens), then every token of the session is revoked, so a
 * sign-out presenting the cookie from before a rotation also ends its successors.
 */
export async function endSessionOf(db: Db, hash: string, now: string): Promise<void> {
  const row = await db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hash).executeTakeFirst()
  if (row?.session_id) await endSession(db, row.session_id, now)
}

/** Signs out one session by its id (the `sid` of a bearer token): the row ends, then its refresh tokens are revoked. */
export async function endSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: 'logout' })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute()
  await revokeSessionTokens(db, sessionId, now, 'logout')
}

/** Ends every session of the user and revokes every refresh token (sign out everywhere, a reset, a theft). */
export async function endUserSessions(db: Db, userId: number, now: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute()
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
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
  const dayAgo = new Date(Date.parse(now) - 86_400_000).toISOString()
  await db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute()
  // A session goes with its last refresh token (a day's margin: its first token is written just after it).
  await db
    .deleteFrom('sessions')
    .where('created_at', '<', dayAgo)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('refresh_tokens').select('id').whereRef('refresh_tokens.session_id', '=', 'sessions.id'))),
    )
    .execute()
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute()
  await db.deleteFrom('rate_limits').where('window_start', '<', dayAgo).execute()
}
