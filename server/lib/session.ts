// Starting, refreshing and ending a session: a short access token plus a rotating refresh cookie.
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createHmac, randomBytes } from 'node:crypto'
import { saveSession, spendRefreshToken } from '../db/queries/sessions.ts'
import { userById } from '../db/queries/users.ts'
import type { UserRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { newSecret, sha256, signAccessToken } from './auth.ts'
import { forwardedHop } from './http.ts'
import { userCaller } from './caller.ts'
import { toUserView, type UserView } from './user-view.ts'

export const REFRESH_COOKIE = 'porchlight_refresh'
const REFRESH_DAYS = 30
/** How long a just-rotated refresh token still answers with its successor (tabs refreshing together). */
export const REFRESH_GRACE_SECONDS = 30

/**
 * Whether the refresh cookie gets Secure: always in production or for an https site, else when the
 * request came over TLS, by the socket or as the trusted proxy says (X-Forwarded-Proto).
 */
function secureCookie(c: Context<AppEnv>): boolean {
  const { config } = c.var.deps
  if (config.production || config.siteUrl.startsWith('https:')) return true
  if (new URL(c.req.url).protocol === 'https:') return true
  return forwardedHop(c.req.header('x-forwarded-proto'), config.trustProxy)?.toLowerCase() === 'https'
}

const cookieOptions = (c: Context<AppEnv>) =>
  ({
    httpOnly: true,
    secure: secureCookie(c),
    sameSite: 'Lax',
    path: '/auth',
  }) as const

export const refreshCookie = (c: Context<AppEnv>): string | undefined => getCookie(c, REFRESH_COOKIE)
export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, cookieOptions(c))
}

/** An access token for the user as the database has them now, naming the session it belongs to. */
function accessToken(c: Context<AppEnv>, user: UserRow, sessionId: string): Promise<string> {
  const subject = { ...userCaller(user), version: user.token_version, sessionId }
  return signAccessToken(c.var.deps.config.jwtSecret, subject, c.var.deps.now())
}

/** Sets the refresh cookie and answers with an access token for the user. */
async function issue(c: Context<AppEnv>, user: UserRow, sessionId: string, refresh: string, expires: Date) {
  setCookie(c, REFRESH_COOKIE, refresh, { ...cookieOptions(c), expires })
  return { token: await accessToken(c, user, sessionId), user: toUserView(user) }
}

/** Signs the user in: a new session, an access token naming it and a new refresh cookie. */
export async function startSession(c: Context<AppEnv>, user: UserRow): Promise<{ token: string; user: UserView }> {
  const now = c.var.deps.now()
  const refresh = newSecret()
  const sessionId = randomBytes(16).toString('base64url')
  const expires = new Date(now.getTime() + REFRESH_DAYS * 86_400_000)
  await saveSession(c.var.deps.store.db, {
    sessionId,
    userId: user.id,
    hash: sha256(refresh),
    expiresAt: expires.toISOString(),
    now: now.toISOString(),
  })
  return issue(c, user, sessionId, refresh, expires)
}

/**
 * A refresh token's successor: derived from it with the server's secret, so the grace window can
 * hand the same cookie out again without storing any usable secret (only its hash is stored).
 */
const successorOf = (c: Context<AppEnv>, refresh: string): string =>
  createHmac('sha256', c.var.deps.config.jwtSecret).update(`porchlight-refresh-successor:${refresh}`).digest('base64url')

/** Rotates the presented refresh token; null when it is unknown, expired, revoked or replayed. */
export async function continueSession(c: Context<AppEnv>, presented: string): Promise<{ token: string; user: UserView } | null> {
  const now = c.var.deps.now()
  const { db } = c.var.deps.store
  const successor = successorOf(c, presented)
  const spent = await spendRefreshToken(db, {
    hash: sha256(presented),
    successorHash: sha256(successor),
    successorExpiresAt: new Date(now.getTime() + REFRESH_DAYS * 86_400_000).toISOString(),
    now,
    graceSeconds: REFRESH_GRACE_SECONDS,
  })
  const user = spent.state === 'ok' ? await userById(db, spent.userId) : null
  return spent.state === 'ok' && user ? issue(c, user, spent.sessionId, successor, new Date(spent.expiresAt)) : null
}
