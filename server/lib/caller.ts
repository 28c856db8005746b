// Who is calling: from the bearer token, the manage calls' `t`, or the legacy calls' `h` (token or edit key).
import type { Context } from 'hono'
import { ROLES } from '../../src/lib/state/auth.ts'
import { getItem, itemByEditKeyHash } from '../db/queries/items.ts'
import { userById } from '../db/queries/users.ts'
import type { ItemRow, UserRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { sha256, verifyAccessToken, type Caller } from './auth.ts'

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

function presented(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization')
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1]
  return bearer ?? c.req.query('t') ?? c.req.query('h') ?? null
}

/** Resolves the caller, or null when signed out or the credential no longer holds. */
export async function currentCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const credential = presented(c)
  if (!credential || credential.length > 4096) return null
  const { db } = c.var.deps.store
  if (!credential.includes('.')) {
    const item = await itemByEditKeyHash(db, sha256(credential))
    return item ? keyCaller(item) : null
  }
  const claims = await verifyAccessToken(c.var.deps.config.jwtSecret, credential, c.var.deps.now())
  if (!claims) return null
  if (claims.userId !== null) {
    const user = await userById(db, claims.userId)
    return user ? userCaller(user) : null
  }
  const item = claims.itemId === null ? null : await getItem(db, claims.itemId)
  return item && item.edit_key_hash?.slice(0, KEY_TAG_LENGTH) === claims.keyTag ? keyCaller(item) : null
}
