// /api/manage/{id} (t = token) and the legacy /api/editzzz/{id} (h = token), plus /api/login (an owner's edit key for a
// short-lived token: the only call that takes the key) and /api/manage/login.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { signAccessToken, sha256, type Caller } from '../lib/auth.ts'
import { currentCaller, keyCaller, keyOpen } from '../lib/caller.ts'
import { hook } from '../lib/hook.ts'
import { clientSource } from '../lib/http.ts'
import { createItem, editable, lockItem, removeItem, saveItem, unlockItem, type Outcome } from '../lib/item-actions.ts'
import { LOCK_MAX_MS, fromManagePayload, managePayload } from '../lib/item-input.ts'
import { recordFor, toAlertItem, toManageRecord } from '../lib/item-view.ts'
import { overLimit } from '../lib/rate-limit.ts'
import { itemByEditKeyHash } from '../db/queries/items.ts'
import { EDIT_KEY_TOKEN_SECONDS } from '../lib/auth.ts'
import { emailSignIn } from './auth.ts'
import { errorSchema, errors, idParam, json, keySessionSchema, manageAnswerSchema, okSchema, sessionSchema } from '../schemas.ts'

const credential = z.string().max(4096).optional()
const tQuery = z.object({ t: credential })
const hQuery = z.object({
  h: credential,
  c: z.string().max(200).optional(),
  rx: z.string().max(40).optional(),
  route: z.string().max(200).optional(),
})
const lockUntil = z.iso
  .datetime({ offset: true })
  .optional()
  .openapi({ description: 'Lock until (ISO date-time); default one hour' })

const answers = { 200: json(manageAnswerSchema, 'The item'), ...errors, 409: json(errorSchema, 'Result locked') }

const answer = (outcome: Extract<Outcome, { ok: true }>, caller: Caller | null) => ({
  record: toManageRecord(recordFor(caller?.role, outcome.row)),
  item: toAlertItem(outcome.row, 0),
})

/** The lock time asked for: a future date-time within a year (the cap saves use too), or null when `dt` is unusable. */
function lockDate(c: Context<AppEnv>, dt: string | undefined): Date | undefined | null {
  if (!dt) return undefined
  const at = new Date(dt)
  const now = c.var.deps.now().getTime()
  return at.getTime() > now && at.getTime() <= now + LOCK_MAX_MS ? at : null
}

type Credential = 't' | 'h'

/** One of the manage-family sub-apps: the same calls on two paths with two credential parameters. */
function manageCalls(base: string, credential: Credential) {
  const query = credential === 't' ? tQuery : hQuery
  const legacy = credential === 'h'
  return new OpenAPIHono<AppEnv>({ defaultHook: hook })
    .openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        summary: 'Loads an item to edit',
        request: { params: idParam, query },
        responses: answers,
      }),
      async (c) => {
        const caller = await currentCaller(c)
        const outcome = await editable(c.var.deps, caller, c.req.valid('param').id)
        return outcome.ok ? c.json(answer(outcome, caller), 200) : c.json(outcome.error, outcome.status)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: `${base}/{id}`,
        summary: legacy
          ? 'Saves { Record, Force, IsTempResults }: Force overrides a result lock, IsTempResults locks the new result for a day'
          : 'Saves the manage payload; id 0 creates an item',
        request: {
          params: idParam,
          query,
          body: {
            content: {
              'application/json': {
                schema: legacy
                  ? z
                      .object({
                        Record: managePayload,
                        Force: z.boolean().default(false),
                        IsTempResults: z.boolean().default(false),
                      })
                      .strict()
                  : managePayload,
              },
            },
            required: true,
          },
        },
        responses: { ...answers, 201: json(manageAnswerSchema, 'Created') },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const body = c.req.valid('json') as Record<string, unknown>
        const payload = (legacy ? body['Record'] : body) as Record<string, unknown>
        if (payload['Id'] !== undefined && Number(payload['Id']) !== id) return c.json(errorBody('id_mismatch'), 400)
        const input = fromManagePayload(payload)
        const caller = await currentCaller(c)
        const now = c.var.deps.now()
        if (legacy && id !== 0) {
          const found = await editable(c.var.deps, caller, id)
          if (!found.ok) return c.json(found.error, found.status)
          const locked = found.row.lock_result_until && found.row.lock_result_until > now.toISOString()
          if (locked && body['Force'] !== true && (input.lines !== undefined || input.state !== undefined)) {
            return c.json(errorBody('result_locked', { until: String(found.row.lock_result_until) }), 409)
          }
          if (body['IsTempResults'] === true && input.lockResultUntil === undefined) {
            input.lockResultUntil = new Date(now.getTime() + 86_400_000).toISOString()
          }
        }
        const outcome = id === 0 ? await createItem(c.var.deps, caller, input) : await saveItem(c.var.deps, caller, id, input)
        if (!outcome.ok) return c.json(outcome.error, outcome.status)
        return c.json(answer(outcome, caller), id === 0 ? 201 : 200)
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: `${base}/{id}`,
        summary: 'Deletes an item',
        request: { params: idParam, query },
        responses: { ...errors, 200: json(okSchema, 'Deleted') },
      }),
      async (c) => {
        const outcome = await removeItem(c.var.deps, await currentCaller(c), c.req.valid('param').id)
        return outcome.ok ? c.json({ ok: true as const }, 200) : c.json(outcome.error, outcome.status)
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}/lock`,
        summary: 'Locks the item’s result against its template until dt',
        request: { params: idParam, query: query.extend({ dt: lockUntil }) },
        responses: answers,
      }),
      async (c) => {
        const until = lockDate(c, c.req.valid('query').dt)
        if (until === null) return c.json(errorBody('lock_date'), 400)
        const caller = await currentCaller(c)
        const outcome = await lockItem(c.var.deps, caller, c.req.valid('param').id, until)
        return outcome.ok ? c.json(answer(outcome, caller), 200) : c.json(outcome.error, outcome.status)
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}/unlock`,
        summary: 'Lifts the result lock',
        request: { params: idParam, query },
        responses: answers,
      }),
      async (c) => {
        const caller = await currentCaller(c)
        const outcome = await unlockItem(c.var.deps, caller, c.req.valid('param').id)
        return outcome.ok ? c.json(answer(outcome, caller), 200) : c.json(outcome.error, outcome.status)
      },
    )
}

/** Sign-in calls of the manage family; registered before /api/manage/{id} so 'login' is not read as an id. */
const logins = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/manage/login',
      summary: 'Legacy email sign-in (e = email, p = password); prefer POST /auth/email',
      request: { query: z.object({ e: z.string().max(254).optional(), p: z.string().max(1024).optional() }) },
      responses: {
        200: json(sessionSchema, 'Signed in'),
        400: errors[400],
        401: errors[401],
        429: json(errorSchema, 'Too many attempts'),
      },
    }),
    async (c) => {
      const { e, p } = c.req.valid('query')
      c.header('Cache-Control', 'no-store')
      const { status, body } = await emailSignIn(c, e, p)
      return status === 200 ? c.json(body, 200) : c.json(body, status)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/login',
      summary:
        'Exchanges an item’s secret edit key (h) for a 12-hour token of role one for that item (rx = its id); the only call that takes the key',
      request: {
        query: z.object({
          h: z.string().min(1).max(200),
          rx: z
            .string()
            .regex(/^\d{1,10}$/)
            .optional(),
        }),
      },
      responses: {
        200: json(keySessionSchema, 'Token for the one item'),
        400: errors[400],
        401: errors[401],
        429: json(errorSchema, 'Too many attempts'),
      },
    }),
    async (c) => {
      if (await overLimit(c, [{ bucket: `editkey:${clientSource(c)}`, limit: 20, windowSeconds: 60 }]))
        return c.json(errorBody('too_many'), 429)
      const { h, rx } = c.req.valid('query')
      const item = await itemByEditKeyHash(c.var.deps.store.db, sha256(h))
      if (!item || (rx !== undefined && Number(rx) !== item.id)) return c.json(errorBody('edit_link_invalid'), 401)
      if (!keyOpen(item, c.var.deps.now())) return c.json(errorBody('edit_link_expired'), 401)
      const token = await signAccessToken(c.var.deps.config.jwtSecret, keyCaller(item), c.var.deps.now(), EDIT_KEY_TOKEN_SECONDS)
      c.header('Cache-Control', 'no-store')
      return c.json({ token, itemId: item.id }, 200)
    },
  )

export const manage = new OpenAPIHono<AppEnv>()
  .route('/', logins)
  .route('/', manageCalls('/api/manage', 't'))
  .route('/', manageCalls('/api/editzzz', 'h'))
