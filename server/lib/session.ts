// Starting, refreshing and ending a session: a short access token plus a rotating refresh cookie.
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { saveRefreshToken } from '../db/queries/sessions.ts'
import type { UserRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { newSecret, sha256, signAccessToken } from './auth.ts'
import { userCaller } from './caller.ts'
import { toUserView, type UserView } from './user-view.ts'

export const REFRESH_COOKIE = 'porchlight_refresh'
const REFRESH_DAYS = 30

const cookieOptions = (c: Context<AppEnv>) =>
  ({
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    sameSite: 'Lax',
    path: '/auth',
  }) as const

export const refreshCookie = (c: Context<AppEnv>): string | undefined => getCookie(c, REFRESH_COOKIE)
export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, cookieOptions(c))
}

/** An access token for the user as the database has them now. */
export function accessToken(c: Context<AppEnv>, user: UserRow): Promise<string> {
  const subject = { ...userCaller(user), version: user.token_version }
  return signAccessToken(c.var.deps.config.jwtSecret, subject, c.var.deps.now())
}

/** Signs the user in: returns an access token and sets a new refresh cookie. */
export async function startSession(c: Context<AppEnv>, user: UserRow): Promise<{ token: string; user: UserView }> {
  const now = c.var.deps.now()
  const refresh = newSecret()
  const expires = new Date(now.getTime() + REFRESH_DAYS * 86_400_000)
  await saveRefreshToken(c.var.deps.store.db, user.id, sha256(refresh), expires.toISOString(), now.toISOString())
  setCookie(c, REFRESH_COOKIE, refresh, { ...cookieOptions(c), expires })
  return { token: await accessToken(c, user), user: toUserView(user) }
}
