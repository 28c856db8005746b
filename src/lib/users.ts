/** User admin (SPEC sections 6 and 8): the messages of the /admin/users calls, and the roles and scopes an admin may give. */
import type { I18nKey } from '../i18n/index.ts'
import type { UserView } from './api/types.ts'
import { errorMessage, type ErrorCode, type Problem } from './errors.ts'
import { ROUTE_PATTERN } from './routing/slug.ts'
import { ROLES, type Role } from './decode/editor-auth.ts'

export const USERS_MISSING = errorMessage('users_missing')
export const USERS_UNAVAILABLE = errorMessage('users_unavailable')
const USER_NOT_FOUND = 'User not found'

/** Users shown per page of the admin table. */
export const USERS_PAGE_SIZE = 50

export type UsersAction = 'list' | 'add' | 'assign' | 'remove'

/** How a call failed: status 0 when the API could not be reached, the HTTP status text, and the server's { error }. */
export type UsersFailure = { status: number; statusText: string; serverError: string | null }

const PERMISSION: Record<UsersAction, ErrorCode> = {
  list: 'no_view_users',
  add: 'no_add_users',
  assign: 'no_assign_roles',
  remove: 'no_remove_users',
}

/**
 * The SPEC section 8 problem of a failed user admin call, by its code: no API, no route, no
 * permission, else the call's fallback with the status text; null when the server's own refusal
 * (`serverError`, with its codes) is what to show.
 * @example usersProblem('list', { status: 500, statusText: 'Internal Server Error', serverError: null }) // { code: 'list_users_failed', params: { status: 'Internal Server Error' } }
 */
export function usersProblem(action: UsersAction, { status, statusText, serverError }: UsersFailure): Problem | null {
  if (status === 0) return { code: 'users_unavailable' }
  // The real API's 404 for a user removed meanwhile says so; any other 404 means the route is missing.
  if (status === 404 && serverError !== USER_NOT_FOUND) return { code: 'users_missing' }
  if (status === 403) return serverError ? null : { code: PERMISSION[action] }
  if (serverError && status < 500) return null
  const text = statusText || String(status)
  if (action === 'list') return { code: 'list_users_failed', params: { status: text } }
  if (action === 'remove') return { code: 'remove_user_failed', params: { status: text } }
  if (action === 'add') return { code: 'add_user_failed', params: { status: text } }
  return { code: 'assign_role_failed' }
}

/**
 * The SPEC section 8 message of a failed user admin call (`usersProblem` in English), or the server's own words.
 * @example usersError('list', { status: 500, statusText: 'Internal Server Error', serverError: null }) // 'Failed to list users: Internal Server Error'
 */
export function usersError(action: UsersAction, failure: UsersFailure): string {
  const problem = usersProblem(action, failure)
  return problem ? errorMessage(problem.code, problem.params) : (failure.serverError ?? '')
}

/** The scope a role carries: a page route for page, a city for area, an item id for one. */
export type RoleScope = { pageName?: string; cityName?: string; itemId?: number }
/** The body of POST /admin/users. */
export type NewUser = { email: string; name: string; role: Role } & RoleScope
export type ScopeKind = 'page' | 'area' | 'one'
export type ScopeError =
  'users.pageMissing' | 'users.pageFormat' | 'users.cityMissing' | 'users.cityLong' | 'users.itemMissing' | 'users.itemFormat'

/** The kind of scope a role needs, or null for roles without one. */
export function scopeKind(role: Role): ScopeKind | null {
  return role === 'page' || role === 'area' || role === 'one' ? role : null
}

/**
 * Checks and normalises the scope typed for a role before it is sent; the error is an i18n key.
 * @example checkScope('page', ' /WA/Duvall ') // { ok: true, scope: { pageName: 'wa/duvall' } }
 * @example checkScope('one', '1.5') // { ok: false, error: 'users.itemFormat' }
 */
export function checkScope(role: Role, input: string): { ok: true; scope: RoleScope } | { ok: false; error: ScopeError } {
  const value = input.trim()
  switch (scopeKind(role)) {
    case 'page': {
      const route = value.replace(/^\/+|\/+$/g, '').toLowerCase()
      if (!route) return { ok: false, error: 'users.pageMissing' }
      return ROUTE_PATTERN.test(route) ? { ok: true, scope: { pageName: route } } : { ok: false, error: 'users.pageFormat' }
    }
    case 'area':
      if (!value) return { ok: false, error: 'users.cityMissing' }
      return value.length > 200 ? { ok: false, error: 'users.cityLong' } : { ok: true, scope: { cityName: value } }
    case 'one': {
      if (!value) return { ok: false, error: 'users.itemMissing' }
      const id = /^\d{1,15}$/.test(value) ? Number(value) : 0
      return id > 0 ? { ok: true, scope: { itemId: id } } : { ok: false, error: 'users.itemFormat' }
    }
    case null:
      return { ok: true, scope: {} }
  }
}

/** A user's role as a name (unknown numbers read as none). */
export const roleOf = (user: Pick<UserView, 'role'>): Role => ROLES[user.role] ?? 'none'

/** The scope a user holds now, as typed in the scope box. */
export function scopeValue(user: Pick<UserView, 'role' | 'pageName' | 'cityName' | 'itemId'>): string {
  const kind = scopeKind(roleOf(user))
  if (kind === 'page') return user.pageName ?? ''
  if (kind === 'area') return user.cityName ?? ''
  if (kind === 'one') return user.itemId === null ? '' : String(user.itemId)
  return ''
}

/** The roles a caller may give, least to most power; only a superadmin makes a superadmin. */
export function assignableRoles(caller: Role): Role[] {
  const roles: Role[] = ['none', 'one', 'page', 'area', 'admin']
  return caller === 'superadmin' ? [...roles, 'superadmin'] : roles
}

/** The i18n key of a role's name. */
const ROLE_KEYS: Readonly<Record<Role, I18nKey>> = {
  none: 'users.roleNone',
  admin: 'users.roleAdmin',
  page: 'users.rolePage',
  superadmin: 'users.roleSuperadmin',
  area: 'users.roleArea',
  one: 'users.roleOne',
}
export const roleKey = (role: Role): I18nKey => ROLE_KEYS[role]

/**
 * What the signed-in caller may do with a user: nothing to themselves, nothing to a superadmin
 * unless a superadmin themselves, else change the role or remove them.
 * @example userAccess({ role: 'admin', email: 'a@x.org' }, { role: 3, email: 'r@x.org' }) // 'superadminOnly'
 */
export function userAccess(
  caller: { role: Role; email: string },
  user: Pick<UserView, 'role' | 'email'>,
): 'self' | 'superadminOnly' | 'manage' {
  if (user.email.toLowerCase() === caller.email.toLowerCase()) return 'self'
  if (roleOf(user) === 'superadmin' && caller.role !== 'superadmin') return 'superadminOnly'
  return 'manage'
}

/** Whether a text looks like an email address, before the server checks it properly. */
export const looksLikeEmail = (text: string): boolean =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) && text.trim().length <= 254

/**
 * The offset of the page that shows the last of `total` users.
 * @example lastPageOffset(101, 50) // 100
 */
export const lastPageOffset = (total: number, size = USERS_PAGE_SIZE): number => Math.max(0, Math.ceil(total / size) - 1) * size
