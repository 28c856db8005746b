// /auth: email sign-in, refresh, logout, the current user, and password reset (SPEC sections 4, 5, 8).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { endSession, endSessionOf, endUserSessions, saveReset, sessionLive, spendReset } from '../db/queries/sessions.ts'
import { endAccessTokens, normalEmail, setPassword, signInUser, userByEmail, userById } from '../db/queries/users.ts'
import { clearBuckets } from '../db/queries/rate-limits.ts'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv, Deps } from '../env.ts'
import { checkPassword, hashPassword, newSecret, sha256, verifyAccessToken } from '../lib/auth.ts'
import { currentCaller } from '../lib/caller.ts'
import { hook } from '../lib/hook.ts'
import { clientSource } from '../lib/http.ts'
import { accountLimits, givePlacesBack, overLimit, resetLimits, signInLimits, takePlaces } from '../lib/rate-limit.ts'
import { clearRefreshCookie, continueSession, refreshCookie, startSession } from '../lib/session.ts'
import { toUserView } from '../lib/user-view.ts'
import { errorSchema, errors, json, okSchema, sessionSchema, userSchema } from '../schemas.ts'

export const PASSWORD_MIN = 8
const RESET_MINUTES = 60
const FORGOT_ANSWER = 'If that address has an account, a reset link is on its way.'

const credentials = z.object({ email: z.string().max(254).optional(), password: z.string().max(1024).optional() }).strict()
const tooMany = { 429: json(errorSchema, 'Too many attempts') }

/** Email and password sign-in, shared by POST /auth/email and the legacy GET /api/manage/login. */
export async function emailSignIn(c: Context<AppEnv>, email = '', password = '') {
  if (!email.trim() || !password) return { status: 400 as const, body: errorBody('credentials_required') }
  if (await overLimit(c, signInLimits(clientSource(c), normalEmail(email))))
    return { status: 429 as const, body: errorBody('too_many') }
  // The account backoff counts the attempt before the password is checked, so attempts arriving
  // together cannot all be checked; a right password gives its place back.
  const places = await takePlaces(c, accountLimits(normalEmail(email)))
  if ('wait' in places) return { status: 429 as const, body: errorBody('too_many') }
  const user = await userByEmail(c.var.deps.store.db, email)
  // Unknown addresses and accounts without a password spend the same argon2 time (checkPassword).
  const valid = await checkPassword(user?.password_hash ?? null, password)
  if (!user || !valid) return { status: 401 as const, body: errorBody('invalid_login') }
  await givePlacesBack(c, places.taken)
  const signedIn = await signInUser(c.var.deps.store.db, user.email, user.name, user.provider, c.var.deps.now().toISOString())
  return { status: 200 as const, body: await startSession(c, signedIn) }
}

/** Makes a reset link for the address when it has an account and mails it; failures are logged, never answered. */
async function mailResetLink({ store, config, mailer, now }: Deps, email: string): Promise<void> {
  try {
    const user = await userByEmail(store.db, email)
    if (!user) return
    const secret = newSecret()
    const at = now()
    const expires = new Date(at.getTime() + RESET_MINUTES * 60_000).toISOString()
    await saveReset(store.db, user.id, sha256(secret), expires, at.toISOString())
    const link = `${config.siteUrl}/reset/${secret}`
    const text = `Someone asked to reset the Porchlight password of ${email}.\n\nSet a new one here within ${RESET_MINUTES} minutes (the link works once):\n${link}\n\nIf it was not you, ignore this mail.`
    await mailer.send({ to: email, subject: 'Reset your Porchlight password', text })
  } catch (error) {
    console.error('forgot-password: mail failed:', error instanceof Error ? error.message : 'unknown error')
  }
}

export const auth = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/email',
      summary: 'Signs in with email and password; sets the refresh cookie',
      request: { body: { content: { 'application/json': { schema: credentials } }, required: true } },
      responses: { 200: json(sessionSchema, 'Signed in'), 400: errors[400], 401: errors[401], ...tooMany },
    }),
    async (c) => {
      const { email, password } = c.req.valid('json')
      const { status, body } = await emailSignIn(c, email, password)
      return status === 200 ? c.json(body, 200) : c.json(body, status)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/refresh',
      summary:
        'Swaps the refresh cookie for a new access token and a new cookie (rotation; the same cookie again within 30 s, for tabs refreshing together)',
      responses: { 200: json(sessionSchema, 'A fresh session'), 401: errors[401] },
    }),
    async (c) => {
      const presented = refreshCookie(c)
      const session = presented && presented.length <= 200 ? await continueSession(c, presented) : null
      if (!session) {
        clearRefreshCookie(c)
        return c.json(errorBody('refresh_failed'), 401)
      }
      return c.json(session, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout',
      summary:
        'Ends the session of the refresh cookie and the one the bearer token names: its access tokens and every refresh token of it (an earlier cookie too); clears the cookie',
      responses: { 200: json(okSchema, 'Signed out') },
    }),
    async (c) => {
      const { store, config, now } = c.var.deps
      const presented = refreshCookie(c)
      if (presented && presented.length <= 200) await endSessionOf(store.db, sha256(presented), now().toISOString())
      // A bearer token alone (an API client without the cookie) ends the session it names, so it stops at once.
      const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S{1,4096})$/i)?.[1]
      const claims = bearer ? await verifyAccessToken(config.jwtSecret, bearer, now()) : null
      if (claims?.userId != null && claims.sessionId && (await sessionLive(store.db, claims.sessionId, claims.userId)))
        await endSession(store.db, claims.sessionId, now().toISOString())
      clearRefreshCookie(c)
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout-all',
      summary: 'Signs out everywhere: every refresh token and every access token of the user ends (bearer token)',
      security: [{ bearer: [] }],
      responses: { 200: json(okSchema, 'Signed out on every device'), 401: errors[401] },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller?.userId) return c.json(errorBody('not_signed_in'), 401)
      const { db } = c.var.deps.store
      await endAccessTokens(db, caller.userId)
      await endUserSessions(db, caller.userId, c.var.deps.now().toISOString(), 'logout-all')
      clearRefreshCookie(c)
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/auth/me',
      summary: 'The signed-in user (the start-up lookup from a stored token)',
      responses: { 200: json(userSchema, 'The user'), 401: errors[401] },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      const user = caller?.userId ? await userById(c.var.deps.store.db, caller.userId) : null
      if (!user) return c.json(errorBody('not_signed_in'), 401)
      return c.json(toUserView(user), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/forgot-password',
      summary: 'Sends a single-use reset link (same answer whether or not the address exists)',
      request: {
        body: { content: { 'application/json': { schema: z.object({ email: z.string().max(254) }).strict() } }, required: true },
      },
      responses: { 200: json(okSchema, 'Accepted'), 400: errors[400], ...tooMany },
    }),
    async (c) => {
      const email = normalEmail(c.req.valid('json').email)
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return c.json(errorBody('email_required'), 400)
      if (await overLimit(c, resetLimits(clientSource(c), email))) return c.json(errorBody('too_many'), 429)
      // The link is made and mailed after the answer, so known and unknown addresses answer alike.
      setImmediate(() => void mailResetLink(c.var.deps, email))
      return c.json({ ok: true as const, message: FORGOT_ANSWER }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/reset-password',
      summary: 'Sets a new password with a reset link’s token; signs every session out',
      request: {
        body: {
          content: {
            'application/json': {
              schema: z.object({ token: z.string().max(200).optional(), password: z.string().max(1024) }).strict(),
            },
          },
          required: true,
        },
      },
      responses: { 200: json(okSchema, 'Password changed'), 400: errors[400], ...tooMany },
    }),
    async (c) => {
      const { token, password } = c.req.valid('json')
      if (!token) return c.json(errorBody('reset_token_invalid'), 400)
      if (password.length < PASSWORD_MIN) return c.json(errorBody('password_short'), 400)
      if (await overLimit(c, [{ bucket: `reset-password:${clientSource(c)}`, limit: 20, windowSeconds: 3600 }])) {
        return c.json(errorBody('too_many'), 429)
      }
      const { store, now } = c.var.deps
      const userId = await spendReset(store.db, sha256(token), now().toISOString())
      if (userId === null) return c.json(errorBody('reset_token_invalid'), 400)
      await setPassword(store.db, userId, await hashPassword(password))
      await endUserSessions(store.db, userId, now().toISOString(), 'password')
      // The link proved the mailbox: the account's sign-in backoff (which anyone knowing the address can fill) ends,
      // so "You can sign in now" is true.
      const user = await userById(store.db, userId)
      if (user)
        await clearBuckets(
          store.db,
          accountLimits(normalEmail(user.email)).map((limit) => limit.bucket),
        )
      return c.json({ ok: true as const, message: 'Password changed. You can sign in now.' }, 200)
    },
  )
