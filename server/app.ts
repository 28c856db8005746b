// The Porchlight API: one sub-app per resource, shared middleware, and the OpenAPI document.
import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv, Deps } from './env.ts'
import { errorBody } from '../src/lib/errors.ts'
import { baseHeaders } from './lib/headers.ts'
import { turns } from './lib/turns.ts'
import { admin } from './routes/admin.ts'
import { assistant } from './routes/assistant.ts'
import { auth } from './routes/auth.ts'
import { coverageRoutes } from './routes/coverage.ts'
import { feeds } from './routes/feeds.ts'
import { items } from './routes/items.ts'
import { manage } from './routes/manage.ts'
import { notify } from './routes/notify.ts'
import { oauth } from './routes/oauth.ts'
import { placeFeeds } from './routes/place-feeds.ts'
import { reaction } from './routes/reaction.ts'

export const BODY_LIMIT_BYTES = 64 * 1024

/** Builds the app around its dependencies (tests pass an in-memory database and a fake mailer). */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use('*', baseHeaders(deps.config.allowedOrigins))
  // Only requests that can carry a body are measured: reading a GET's body would build a full Request.
  const limit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => c.json(errorBody('body_too_large'), 413) })
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', limit)
  // Answered in the poll that read it, before any waiting turn: what a load balancer asks must not queue.
  app.get('/api/health', (c) => c.json({ ok: true }, 200))
  app.use('*', turns)
  app.route('/', reaction).route('/', items).route('/', manage).route('/', auth).route('/', oauth).route('/', admin)
  app.route('/', assistant)
  app.route('/', feeds)
  app.route('/', coverageRoutes)
  app.route('/', placeFeeds)
  app.route('/', notify)
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Porchlight API',
      version: '1.0.0',
      description:
        'Live sections (reaction), items, manage, auth and users. Every failure answers { error, code } (docs/api.md, Error codes).',
    },
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  app.notFound((c) => c.json(errorBody('not_found'), 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      if (/json/i.test(error.message))
        return c.json(errorBody('invalid_request', { detail: 'body is not valid JSON' }), error.status)
      return c.json(
        error.message ? { ...errorBody('bad_request'), error: error.message } : errorBody('bad_request'),
        error.status,
      )
    }
    console.error(`${c.req.method} ${c.req.path}:`, error instanceof Error ? error.message : 'unknown error')
    return c.json(errorBody('internal'), 500)
  })
  return app
}
