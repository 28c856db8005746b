// /items: the staff's item list and the item calls of SPEC section 7, each checked with canEdit.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { policyOf } from '../../src/lib/field-permission.ts'
import { ASPECTS, DEFAULT_LOCK_SECONDS } from '../../src/lib/items.ts'
import { getItem, listItems, updateItem, type ItemFilter } from '../db/queries/items.ts'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { newSecret, sha256 } from '../lib/auth.ts'
import { currentCaller } from '../lib/caller.ts'
import { hook } from '../lib/hook.ts'
import { createItem, editable, lockItem, removeItem, unlockItem } from '../lib/item-actions.ts'
import { LOCK_MAX_MS, itemInput } from '../lib/item-input.ts'
import { publicItem, recordFor, toRecord } from '../lib/item-view.ts'
import { editKeySchema, errors, idParam, itemListSchema, itemRecordSchema, json, okSchema, publicItemSchema } from '../schemas.ts'
import type { Caller } from '../lib/auth.ts'

/** GET /items' query; the browser's ItemQuery is derived from it (src/lib/api/types.ts). */
export const listQuery = z.object({
  dataAspect: z.enum(ASPECTS).optional(),
  dataCategory: z.string().max(40).optional(),
  city: z.string().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
})

/** Staff see the items they may edit: everything for admins, their page, city or item otherwise. */
function scopeOf(caller: Caller): ItemFilter['scope'] | null {
  switch (caller.role) {
    case 'admin':
    case 'superadmin':
      return undefined
    case 'page':
      return caller.pageName ? { pageName: caller.pageName } : null
    case 'area':
      return caller.cityName ? { cityName: caller.cityName } : null
    case 'one':
      return caller.itemId !== null ? { itemId: caller.itemId } : null
    case 'none':
      return null
  }
}

const recordBody = json(itemRecordSchema, 'The item')

export const items = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/items',
      summary: 'Items the caller may edit, newest first',
      request: { query: listQuery },
      responses: {
        200: json(itemListSchema, 'A page of items'),
        400: errors[400],
        401: errors[401],
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('auth_required'), 401)
      const scope = scopeOf(caller)
      if (scope === null) return c.json({ items: [], total: 0 }, 200)
      const query = c.req.valid('query')
      const { rows, total } = await listItems(c.var.deps.store.db, { ...query, scope })
      return c.json({ items: rows.map((row) => recordFor(caller.role, row)), total }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/items/{id}',
      summary: 'One item: the staff record for those who may edit it, else the public item of an active one',
      request: { params: idParam },
      responses: {
        200: json(z.union([itemRecordSchema, publicItemSchema]), 'The staff record, or the public item'),
        400: errors[400],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const caller = await currentCaller(c)
      const found = caller ? await editable(c.var.deps, caller, id) : null
      if (found?.ok) return c.json(recordFor(caller?.role, found.row), 200)
      // Anybody else: the public item of an active item of the public layer, never a template or fetch state.
      const row = await getItem(c.var.deps.store.db, id)
      if (!row || row.is_active !== 1 || row.layer !== 0) return c.json(errorBody('item_not_found'), 404)
      return c.json(publicItem(row), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/items',
      summary: 'Creates an item (defaults: dataAspect local, dataProperty manager, active, 10 miles)',
      request: { body: { content: { 'application/json': { schema: itemInput } }, required: true } },
      responses: { 201: recordBody, ...errors },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      const outcome = await createItem(c.var.deps, caller, c.req.valid('json'))
      if (!outcome.ok) return c.json(outcome.error, outcome.status)
      return c.json(recordFor(caller?.role, outcome.row), 201)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/items/{id}',
      summary: 'Deletes an item',
      request: { params: idParam },
      responses: { 200: json(okSchema, 'Deleted'), ...errors },
    }),
    async (c) => {
      const outcome = await removeItem(c.var.deps, await currentCaller(c), c.req.valid('param').id)
      if (!outcome.ok) return c.json(outcome.error, outcome.status)
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/items/{id}/lock',
      summary: 'Locks the item’s result against its template for `duration` seconds (default 3600)',
      request: {
        params: idParam,
        body: {
          content: {
            'application/json': {
              schema: z
                .object({
                  duration: z
                    .number()
                    .int()
                    .min(60)
                    .max(LOCK_MAX_MS / 1000)
                    .default(DEFAULT_LOCK_SECONDS),
                })
                .strict(),
            },
          },
        },
      },
      responses: { 200: recordBody, ...errors },
    }),
    async (c) => {
      const { duration } = c.req.valid('json')
      const until = new Date(c.var.deps.now().getTime() + duration * 1000)
      const outcome = await lockItem(c.var.deps, await currentCaller(c), c.req.valid('param').id, until)
      if (!outcome.ok) return c.json(outcome.error, outcome.status)
      return c.json(toRecord(outcome.row), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/items/{id}/unlock',
      summary: 'Lifts the result lock; a templated item is read again at the next job tick',
      request: { params: idParam },
      responses: { 200: recordBody, ...errors },
    }),
    async (c) => {
      const outcome = await unlockItem(c.var.deps, await currentCaller(c), c.req.valid('param').id)
      if (!outcome.ok) return c.json(outcome.error, outcome.status)
      return c.json(toRecord(outcome.row), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/items/{id}/edit-key',
      summary: 'Issues a new secret edit key for the item (voiding the old one), its sign-in link and its end',
      request: { params: idParam },
      responses: {
        200: json(editKeySchema, 'Shown once; only its hash is kept'),
        ...errors,
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      const { id } = c.req.valid('param')
      const found = await editable(c.var.deps, caller, id)
      if (!found.ok) return c.json(found.error, found.status)
      if (!policyOf(caller?.role).ownerLinks) return c.json(errorBody('no_edit_permission'), 403)
      const editKey = newSecret()
      const { now, config } = c.var.deps
      const expiresAt = new Date(now().getTime() + config.ownerKeyDays * 86_400_000).toISOString()
      await updateItem(c.var.deps.store.db, id, { edit_key_hash: sha256(editKey), edit_key_expires_at: expiresAt })
      return c.json({ editKey, loginPath: `/api/login?h=${editKey}&rx=${id}`, expiresAt }, 200)
    },
  )
