// Web Push subscriptions (issue 24): the VAPID public key, subscribe, read, change and stop (by the holder of the
// subscription's secret, sent as `Authorization: Bearer <secret>`), and counts per place for staff. No account.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { errorBody } from '../../src/lib/errors.ts'
import { PRIORITIES } from '../../src/lib/items.ts'
import { MAX_PLACES, NOTIFY_SECTIONS, prefsProblem, type NotifyPrefs } from '../../src/lib/notify/prefs.ts'
import { LOCALES } from '../../src/lib/routing/routes.ts'
import type { AppEnv } from '../env.ts'
import { currentCaller } from '../lib/caller.ts'
import { clientSource } from '../lib/http.ts'
import { hook } from '../lib/hook.ts'
import { overLimit } from '../lib/rate-limit.ts'
import { allowsPrivatePush, endpointProblem, keysProblem } from '../notify/endpoint.ts'
import { vapidKeys } from '../notify/keys.ts'
import {
  countsByPlace,
  createSubscription,
  deleteSubscription,
  movesEndpoint,
  owns,
  readSubscription,
  updateSubscription,
  type PushKeys,
} from '../notify/subscriptions.ts'
import { errors, json } from '../schemas.ts'
import { confirmEmail, emailTexts, linkPage, openLink, requestEmail, unsubscribeEmail } from '../notify/email.ts'
import { followedPlace } from '../lib/cities.ts'

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
const placePrefs = z
  .object({
    place: z.string().max(120).openapi({ example: 'wa/duvall' }),
    sections: z.array(z.enum(NOTIFY_SECTIONS)).min(1).max(NOTIFY_SECTIONS.length),
    minPriority: z.enum(PRIORITIES).default('Warning'),
    quiet: z.object({ start: time, end: time }).strict().nullable().default(null),
  })
  .strict()
const prefsFields = {
  lang: z.enum(LOCALES),
  places: z.array(placePrefs).min(1).max(MAX_PLACES),
}
const pushSubscription = z
  .object({
    endpoint: z.string().max(1024),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(200) }).strict(),
  })
  .strict()
export const subscribeBody = z
  .object({ subscription: pushSubscription, ...prefsFields })
  .strict()
  .openapi('NotifySubscribe')
export const updateBody = z
  .object({ subscription: pushSubscription.optional(), ...prefsFields })
  .strict()
  .openapi('NotifyUpdate')
const prefsSchema = z.object(prefsFields).openapi('NotifyPrefs')
const idParam = z.object({
  id: z
    .string()
    .regex(/^[\w-]{22}$/, 'must be a subscription id')
    .openapi({ param: { name: 'id', in: 'path' } }),
})

/**
 * Subscriptions from one address: 20 an hour (each is a row and, later, messages sent). Moving a subscription to
 * another endpoint counts in the same bucket: it is a new destination for messages.
 */
const subscribeLimits = (source: string) => [{ bucket: `notify-subscribe:${source}`, limit: 20, windowSeconds: 3600 }]

const secretOf = (header: string | undefined): string | null => /^Bearer ([\w-]{1,100})$/.exec(header ?? '')?.[1] ?? null

/** The push keys' and the preferences' deeper checks (an https endpoint on the public internet, real keys), or null. */
async function problem(push: PushKeys | undefined, prefs: NotifyPrefs, allowPrivate: boolean): Promise<string | null> {
  const prefs_ = prefsProblem(prefs)
  if (prefs_) return prefs_
  if (!push) return null
  return keysProblem(push.keys.p256dh, push.keys.auth) ?? (await endpointProblem(push.endpoint, allowPrivate))
}

const badRequest = (detail: string) => errorBody('invalid_request', { detail })

export const notify = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/notify/key',
      summary: 'The VAPID public key a browser subscribes with',
      responses: { 200: json(z.object({ publicKey: z.string() }), 'The key (base64url)') },
    }),
    (c) => {
      const { config } = c.var.deps
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json({ publicKey: vapidKeys(config.dataDir, config.siteUrl).publicKey }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/notify/subscriptions',
      summary: 'Subscribes a browser to places: the id and secret are given once, keep them to change or stop it',
      request: { body: { content: { 'application/json': { schema: subscribeBody } }, required: true } },
      responses: {
        201: json(z.object({ id: z.string(), secret: z.string() }), 'Subscribed'),
        400: errors[400],
        429: json(z.object({ error: z.string() }), 'Too many subscriptions from this address'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      const { store, config, now } = c.var.deps
      const refused = await problem(body.subscription, body, allowsPrivatePush(config))
      if (refused) return c.json(badRequest(refused), 400)
      if (await overLimit(c, subscribeLimits(clientSource(c)))) return c.json(errorBody('too_many'), 429)
      const saved = await createSubscription(store.db, body.subscription, body, now())
      if (!saved.ok) return c.json(badRequest(`places[${saved.unknownPlace}].place is not a place Porchlight knows`), 400)
      return c.json({ id: saved.id, secret: saved.secret! }, 201)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/notify/subscriptions/{id}',
      summary: 'A subscription’s places and preferences (Authorization: Bearer <secret>)',
      request: { params: idParam },
      responses: { 200: json(prefsSchema, 'The preferences'), 400: errors[400], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { db } = c.var.deps.store
      if (!(await owns(db, id, secretOf(c.req.header('authorization'))))) return c.json(errorBody('not_found'), 404)
      return c.json(await readSubscription(db, id), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/notify/subscriptions/{id}',
      summary: 'Replaces a subscription’s places and preferences, and its push keys when given',
      request: { params: idParam, body: { content: { 'application/json': { schema: updateBody } }, required: true } },
      responses: {
        200: json(prefsSchema, 'The preferences kept'),
        400: errors[400],
        404: errors[404],
        429: json(z.object({ error: z.string() }), 'Too many new endpoints from this address'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const { store, config, now } = c.var.deps
      if (!(await owns(store.db, id, secretOf(c.req.header('authorization'))))) return c.json(errorBody('not_found'), 404)
      const refused = await problem(body.subscription, body, allowsPrivatePush(config))
      if (refused) return c.json(badRequest(refused), 400)
      if ((await movesEndpoint(store.db, id, body.subscription)) && (await overLimit(c, subscribeLimits(clientSource(c)))))
        return c.json(errorBody('too_many'), 429)
      const saved = await updateSubscription(store.db, id, body, body.subscription ?? null, now())
      if (!saved.ok) return c.json(badRequest(`places[${saved.unknownPlace}].place is not a place Porchlight knows`), 400)
      return c.json(await readSubscription(store.db, id), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/api/notify/subscriptions/{id}',
      summary: 'Stops a subscription at once and deletes everything kept for it',
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, 400: errors[400], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { db } = c.var.deps.store
      if (!(await owns(db, id, secretOf(c.req.header('authorization'))))) return c.json(errorBody('not_found'), 404)
      await deleteSubscription(db, id)
      return c.body(null, 204)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/notify/counts',
      summary: 'Subscriptions per place, for admins: nothing else about subscribers is shown',
      security: [{ bearer: [] }],
      responses: {
        200: json(z.object({ places: z.array(z.object({ place: z.string(), subscriptions: z.number() })) }), 'Counts'),
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (caller.role !== 'admin' && caller.role !== 'superadmin') return c.json(errorBody('no_view_feeds'), 403)
      return c.json({ places: await countsByPlace(c.var.deps.store.db) }, 200)
    },
  )

/** Email subscriptions from one address: 10 an hour. Per email address, confirmations are limited without a word. */
const emailLimits = (source: string) => [{ bucket: `notify-email:${source}`, limit: 10, windowSeconds: 3600 }]

export const emailBody = z
  .object({
    email: z.email().max(254),
    place: z.string().max(120).openapi({ example: 'wa/duvall' }),
    mode: z.enum(['instant', 'daily']).default('instant'),
    lang: z.enum(LOCALES),
    sections: z.array(z.enum(NOTIFY_SECTIONS)).min(1).max(NOTIFY_SECTIONS.length).default(['statuses', 'roads']),
    minPriority: z.enum(PRIORITIES).default('Warning'),
  })
  .strict()
  .openapi('NotifyEmail')
const linkQuery = z.object({ id: z.string().max(40), token: z.string().max(64) })
const ACCEPTED = 'If this address can receive alerts, a confirmation email is on its way.'

/** The page of a confirm or unsubscribe link: GET shows a button, POST (the button, or a mail client's one-click) acts. */
function linkRoutes(kind: 'confirm' | 'unsubscribe') {
  return async (c: Context<AppEnv>) => {
    const parsed = linkQuery.safeParse(c.req.query())
    const { store, config, now } = c.var.deps
    const opened = parsed.success
      ? await openLink(store.db, config.jwtSecret, kind, parsed.data.id, parsed.data.token, now())
      : null
    c.header('Cache-Control', 'no-store')
    if (!opened)
      return c.html(linkPage('en', emailTexts('en', '').invalid, null, null, { siteUrl: config.siteUrl, place: null }), 404)
    const back = { siteUrl: config.siteUrl, place: opened.place }
    const texts = emailTexts(opened.lang, opened.place)
    if (c.req.method === 'GET') {
      const [heading, button] =
        kind === 'confirm' ? [texts.confirmPage, texts.confirmButton] : [texts.unsubscribePage, texts.unsubscribeButton]
      // A relative action (this path and query), never the Host the request named.
      const { pathname, search } = new URL(c.req.url)
      return c.html(linkPage(opened.lang, heading, button, `${pathname}${search}`, back), 200)
    }
    if (kind === 'confirm') await confirmEmail(store.db, opened.id, now())
    else await unsubscribeEmail(store.db, opened.id)
    return c.html(linkPage(opened.lang, kind === 'confirm' ? texts.confirmed : texts.unsubscribed, null, null, back), 200)
  }
}

notify.openapi(
  createRoute({
    method: 'post',
    path: '/api/notify/email',
    summary:
      'Email alerts for a place (when SMTP is set up, or outside production where mails go to the log): a confirmation link is sent; the answer is the same for every address',
    request: { body: { content: { 'application/json': { schema: emailBody } }, required: true } },
    responses: {
      202: json(z.object({ ok: z.boolean(), message: z.string() }), 'Taken'),
      400: errors[400],
      404: errors[404],
      429: json(z.object({ error: z.string() }), 'Too many requests from this address'),
    },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const { store, config, mailer, now } = c.var.deps
    if (!config.emailAlerts) return c.json(errorBody('not_found'), 404)
    const place = followedPlace(body.place)
    if (!place) return c.json(badRequest('place is not a place Porchlight knows'), 400)
    if (await overLimit(c, emailLimits(clientSource(c)))) return c.json(errorBody('too_many'), 429)
    // The answer goes before any work for the address: its time is the same whether the address is new, waiting
    // for its link or confirmed (it was 11.1 ms for a new address and 6.6 ms for a confirmed one).
    const started = now()
    setImmediate(() => {
      requestEmail(store.db, mailer, config, { ...body, place }, started).catch((error: unknown) =>
        console.error('notify: an email request failed:', error instanceof Error ? error.message : 'unknown'),
      )
    })
    return c.json({ ok: true, message: ACCEPTED }, 202)
  },
)
for (const kind of ['confirm', 'unsubscribe'] as const) {
  notify.openAPIRegistry.registerPath(
    createRoute({
      method: 'get',
      path: `/api/notify/email/${kind}`,
      summary:
        kind === 'confirm'
          ? 'The confirm link’s page (a button that POSTs)'
          : 'The unsubscribe link’s page (a button that POSTs)',
      request: { query: linkQuery },
      responses: { 200: { description: 'An HTML page' }, 404: { description: 'Not a valid link' } },
    }),
  )
  notify.on(['GET', 'POST'], `/api/notify/email/${kind}`, linkRoutes(kind))
}
