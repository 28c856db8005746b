// /auth/google, /auth/github/token, /auth/github and /auth/callback/{provider} (SPEC sections 7 and 8).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { signInUser } from '../db/queries/users.ts'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { hook } from '../lib/hook.ts'
import { clientSource } from '../lib/http.ts'
import { githubIdentity, githubToken, googleCode, googleIdentity, type Identity } from '../lib/oauth.ts'
import { overLimit } from '../lib/rate-limit.ts'
import { startSession } from '../lib/session.ts'
import { errorSchema, errors, githubTokenSchema, json, sessionSchema } from '../schemas.ts'

const body = <T extends z.ZodRawShape>(shape: T) => ({
  body: { content: { 'application/json': { schema: z.object(shape).strict() } }, required: true },
})
const answers = {
  200: json(sessionSchema, 'Signed in'),
  400: errors[400],
  401: errors[401],
  429: json(errorSchema, 'Too many attempts'),
}

const limited = (c: Context<AppEnv>) => overLimit(c, [{ bucket: `oauth:${clientSource(c)}`, limit: 30, windowSeconds: 60 }])

/** Signs the verified identity in; unknown addresses get an account with role none until an admin assigns one. */
async function signIn(c: Context<AppEnv>, identity: Identity) {
  const user = await signInUser(
    c.var.deps.store.db,
    identity.email,
    identity.name,
    identity.provider,
    c.var.deps.now().toISOString(),
  )
  return startSession(c, user)
}

export const oauth = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/google',
      summary: 'Signs in with a Google ID token (checked against Google’s keys and GOOGLE_CLIENT_ID)',
      request: body({ credential: z.string().min(1).max(8192) }),
      responses: answers,
    }),
    async (c) => {
      if (await limited(c)) return c.json(errorBody('too_many'), 429)
      const identity = await googleIdentity(c.var.deps.config, c.req.valid('json').credential)
      if (!identity) return c.json(errorBody('google_failed'), 401)
      return c.json(await signIn(c, identity), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/github/token',
      summary: 'Exchanges a GitHub authorization code for an access token',
      request: body({ code: z.string().min(1).max(512) }),
      responses: { 200: json(githubTokenSchema, 'The GitHub token'), 400: errors[400], 429: answers[429] },
    }),
    async (c) => {
      if (await limited(c)) return c.json(errorBody('too_many'), 429)
      const accessToken = await githubToken(c.var.deps.config, c.req.valid('json').code)
      if (!accessToken) return c.json(errorBody('github_code_failed'), 400)
      return c.json({ accessToken }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/github',
      summary: 'Signs in with a GitHub access token (the account’s primary verified email)',
      request: body({ accessToken: z.string().min(1).max(512) }),
      responses: answers,
    }),
    async (c) => {
      if (await limited(c)) return c.json(errorBody('too_many'), 429)
      const identity = await githubIdentity(c.var.deps.config, c.req.valid('json').accessToken)
      if (!identity) return c.json(errorBody('github_failed'), 401)
      return c.json(await signIn(c, identity), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/callback/{provider}',
      summary: 'Finishes an OAuth redirect: exchanges the code and signs in (google or github)',
      request: {
        params: z.object({
          provider: z
            .string()
            .max(40)
            .openapi({ param: { name: 'provider', in: 'path' }, example: 'github' }),
        }),
        ...body({ code: z.string().min(1).max(2048), redirectUri: z.url().max(2048).optional() }),
      },
      responses: answers,
    }),
    async (c) => {
      const { provider } = c.req.valid('param')
      const { code, redirectUri } = c.req.valid('json')
      if (provider !== 'google' && provider !== 'github') {
        return c.json(errorBody('unsupported_provider', { provider: provider.replace(/[^\w-]/g, '') }), 400)
      }
      if (await limited(c)) return c.json(errorBody('too_many'), 429)
      const { config } = c.var.deps
      const githubAccess = provider === 'github' ? await githubToken(config, code) : null
      const identity: Identity | null =
        provider === 'google'
          ? await googleCode(config, code, redirectUri ?? `${config.siteUrl}/auth/callback/google`)
          : githubAccess
            ? await githubIdentity(config, githubAccess)
            : null
      if (!identity) return c.json(errorBody('callback_failed'), 401)
      return c.json(await signIn(c, identity), 200)
    },
  )
