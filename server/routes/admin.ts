// /admin/users: list, invite, assign a role, remove (SPEC sections 6 and 8). Admins and superadmins only.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { errorBody } from '../../src/lib/errors.ts'
import { ROUTE_PATTERN } from '../../src/lib/routing/slug.ts'
import { ROLES, type Role } from '../../src/lib/decode/editor-auth.ts'
import { getItem } from '../db/queries/items.ts'
import { createUser, deleteUser, listUsers, normalEmail, setRole, userByEmail, userById } from '../db/queries/users.ts'
import type { AppEnv } from '../env.ts'
import type { Caller } from '../lib/auth.ts'
import { currentCaller } from '../lib/caller.ts'
import { hook } from '../lib/hook.ts'
import { toUserView } from '../lib/user-view.ts'
import { errorSchema, errors, idNumber, idParam, json, okSchema, userListSchema, userSchema } from '../schemas.ts'

/** A place name as the city list spells every one of them: letters (any script), digits, spaces and . , ' ’ ‘ ( ) - (up to 100). */
const CITY_NAME = /^[\p{L}‘'][\p{L}\p{M}\p{N} .,'’‘()-]{0,99}$/u

const isAdmin = (caller: Caller | null): caller is Caller => caller?.role === 'admin' || caller?.role === 'superadmin'
const roleNumber = (role: Role): number => ROLES.indexOf(role)

const roleValue = z
  .union([z.number().int().min(0).max(5), z.enum(ROLES)])
  .transform((value): Role => (typeof value === 'number' ? ROLES[value]! : value))
const scope = {
  itemId: idNumber.nullable().optional(),
  pageName: z.string().trim().max(200).nullable().optional(),
  cityName: z.string().trim().max(200).nullable().optional(),
}
const roleBody = z.object({ role: roleValue, ...scope }).strict()
const inviteBody = z
  .object({ email: z.email().max(254), name: z.string().trim().max(100).default(''), role: roleValue, ...scope })
  .strict()

type Scope = {
  role: Role
  itemId?: number | null | undefined
  pageName?: string | null | undefined
  cityName?: string | null | undefined
}

/** Checks a role change; the stored scope keeps only the field the role uses. */
async function checkScope(c: Context<AppEnv>, caller: Caller, wanted: Scope) {
  if (wanted.role === 'superadmin' && caller.role !== 'superadmin')
    return { status: 403 as const, error: errorBody('superadmin_only_make') }
  if (wanted.role === 'page' && !wanted.pageName) return { status: 400 as const, error: errorBody('page_name_missing') }
  if (wanted.role === 'area' && !wanted.cityName) return { status: 400 as const, error: errorBody('city_name_missing') }
  if (wanted.role === 'page' && !ROUTE_PATTERN.test(wanted.pageName ?? ''))
    return { status: 400 as const, error: errorBody('page_name_format') }
  if (wanted.role === 'area' && !CITY_NAME.test(wanted.cityName ?? ''))
    return { status: 400 as const, error: errorBody('city_name_format') }
  if (wanted.role === 'one') {
    if (!wanted.itemId) return { status: 400 as const, error: errorBody('item_id_missing') }
    if (!(await getItem(c.var.deps.store.db, wanted.itemId))) return { status: 400 as const, error: errorBody('item_not_found') }
  }
  return {
    change: {
      role: roleNumber(wanted.role),
      itemId: wanted.role === 'one' ? (wanted.itemId ?? null) : null,
      pageName: wanted.role === 'page' ? (wanted.pageName?.toLowerCase() ?? null) : null,
      cityName: wanted.role === 'area' ? (wanted.cityName ?? null) : null,
    },
  }
}

const forbidden = { 403: json(errorSchema, 'Not an admin') }

export const admin = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/users',
      summary: 'Lists users',
      request: {
        query: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(100),
          offset: z.coerce.number().int().min(0).default(0),
        }),
      },
      responses: {
        200: json(userListSchema, 'Users'),
        400: errors[400],
        401: errors[401],
        ...forbidden,
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (!isAdmin(caller)) return c.json(errorBody('no_view_users'), 403)
      const { limit, offset } = c.req.valid('query')
      const { rows, total } = await listUsers(c.var.deps.store.db, limit, offset)
      return c.json({ users: rows.map(toUserView), total }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users',
      summary: 'Adds a user with a role; they sign in with Google, GitHub, or email after a password reset',
      request: { body: { content: { 'application/json': { schema: inviteBody } }, required: true } },
      responses: {
        201: json(userSchema, 'Added'),
        400: errors[400],
        401: errors[401],
        ...forbidden,
        409: json(errorSchema, 'Exists'),
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (!isAdmin(caller)) return c.json(errorBody('no_add_users'), 403)
      const body = c.req.valid('json')
      const checked = await checkScope(c, caller, body)
      if ('error' in checked) return c.json(checked.error, checked.status)
      const { db } = c.var.deps.store
      if (await userByEmail(db, body.email)) return c.json(errorBody('user_exists'), 409)
      const now = c.var.deps.now().toISOString()
      const user = await createUser(
        db,
        { email: normalEmail(body.email), name: body.name, provider: 'email', role: 0, passwordHash: null },
        now,
      )
      const saved = await setRole(db, user.id, checked.change)
      return c.json(toUserView(saved ?? user), 201)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/role',
      summary: 'Assigns a role (0–5 or its name) with its scope: pageName for page, cityName for area, itemId for one',
      request: { params: idParam, body: { content: { 'application/json': { schema: roleBody } }, required: true } },
      responses: { 200: json(userSchema, 'The user'), ...errors },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (!isAdmin(caller)) return c.json(errorBody('no_assign_roles'), 403)
      const { id } = c.req.valid('param')
      const { db } = c.var.deps.store
      const user = await userById(db, id)
      if (!user) return c.json(errorBody('user_not_found'), 404)
      if (user.id === caller.userId) return c.json(errorBody('own_role'), 400)
      if (ROLES[user.role] === 'superadmin' && caller.role !== 'superadmin') {
        return c.json(errorBody('superadmin_only_change'), 403)
      }
      const checked = await checkScope(c, caller, c.req.valid('json'))
      if ('error' in checked) return c.json(checked.error, checked.status)
      const saved = await setRole(db, id, checked.change)
      return saved ? c.json(toUserView(saved), 200) : c.json(errorBody('user_not_found'), 404)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/users/{id}',
      summary: 'Removes a user and their sessions',
      request: { params: idParam },
      responses: { 200: json(okSchema, 'Removed'), ...errors },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (!isAdmin(caller)) return c.json(errorBody('no_remove_users'), 403)
      const { id } = c.req.valid('param')
      const { db } = c.var.deps.store
      const user = await userById(db, id)
      if (!user) return c.json(errorBody('user_not_found'), 404)
      if (user.id === caller.userId) return c.json(errorBody('remove_self'), 400)
      if (ROLES[user.role] === 'superadmin' && caller.role !== 'superadmin') {
        return c.json(errorBody('no_remove_users'), 403)
      }
      await deleteUser(db, id)
      return c.json({ ok: true as const }, 200)
    },
  )
