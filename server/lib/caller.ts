// Who is calling: from the bearer token, or on the SPEC's manage calls `t` and legacy calls `h` (a token).
// An owner's edit key is never a credential here: it is exchanged at GET /api/login for a short-lived token.
import type { Context } from 'hono'
import { ROLES } from '../../src/lib/decode/editor-auth.ts'
import { getItem } from '../db/queries/items.ts'
import { sessionLive } from '../db/queries/sessions.ts'
import { userById } from '../db/queries/users.ts'
import type { ItemRow, UserRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { verifyAccessToken, type Caller } from './auth.ts'

export const KEY_TAG_LENGTH = 16

/** The caller a user row stands for (the row, not the token, is the truth for role and scope). */
export function userCaller(user: UserRow): Caller {
  return {
    userId: user.id,
    role: ROLES[user.role] ?? 'none',
    email: user.email,
    name: user.name,
    itemId: user.item_id,
    pageName: user.page_name,
    cityName: user.city_name,
    keyTag: null,
  }
}

/** Whether an item's edit key still opens it at `now` (a key without an expiry never does). */
export function keyOpen(item: Pick<ItemRow, 'edit_key_hash' | 'edit_key_expires_at'>, now: Date): boolean {
  return item.edit_key_hash !== null && item.edit_key_expires_at !== null && item.edit_key_expires_at > now.toISOString()
}

/** The 'one' caller an item's edit key stands for. */
export function keyCaller(item: ItemRow): Caller {
  return {
    userId: null,
    role: 'one',
    email: '',
    name: item.title,
    itemId: item.id,
    pageName: null,
    cityName: null,
    keyTag: item.edit_key_hash?.slice(0, KEY_TAG_LENGTH) ?? null,
  }
}

const MANAGE_CALL = /^\/api\/manage\/\d+(?:\/(?:lock|unlock))?\/?$/
const LEGACY_CALL = /^\/api\/editzzz\/\d+(?:\/(?:lock|unlock))?\/?$/

/**
 * The query parameters that may carry a credential on this call (SPEC section 7): `t` on
 * /api/manage/{id} and its lock and unlock, `h` on the legacy /api/editzzz ones (and `t` on their
 * DELETE, as the SPEC lists it); each carries a token, never an edit key. Everywhere else a token in the URL is ignored: URLs end up in logs,
 * histories and Referer headers.
 */
function queryNames(c: Context<AppEnv>): readonly ('t' | 'h')[] {
  const path = c.req.path
  if (MANAGE_CALL.test(path)) return ['t']
  if (LEGACY_CALL.test(path)) return c.req.method === 'DELETE' ? ['h', 't'] : ['h']
  return []
}

function presented(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization')
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1]
  if (bearer) return bearer
  for (const name of queryNames(c)) {
    const value = c.req.query(name)
    if (value) return value
  }
  return null
}

/** Resolves the caller, or null when signed out or the credential no longer holds. */
export async function currentCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const credential = presented(c)
  if (!credential || credential.length > 4096) return null
  const { db } = c.var.deps.store
  // An edit key (no dots) is not a bearer: only GET /api/login takes it.
  if (!credential.includes('.')) return null
  const claims = await verifyAccessToken(c.var.deps.config.jwtSecret, credential, c.var.deps.now())
  if (!claims) return null
  if (claims.userId !== null) {
    const [user, live] = await Promise.all([userById(db, claims.userId), sessionLive(db, claims.sessionId, claims.userId)])
    // A password change, reset, sign-out everywhere or role change raised the version: older tokens end.
    // A sign-out ended the session the token names (sid): its tokens end at once.
    return user && live && user.token_version === claims.version ? userCaller(user) : null
  }
  const item = claims.itemId === null ? null : await getItem(db, claims.itemId)
  // A new key, or the key's end, ends the tokens made from it.
  const current = item && item.edit_key_hash?.slice(0, KEY_TAG_LENGTH) === claims.keyTag && keyOpen(item, c.var.deps.now())
  return current ? keyCaller(item) : null
}
