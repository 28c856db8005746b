import { describe, expect, it } from 'vitest'
import { ApiError, createApi } from '../../src/lib/api/porchlight.ts'
import { user, userList } from './api/fixtures.ts'
import {
  USERS_MISSING,
  USERS_UNAVAILABLE,
  assignableRoles,
  checkScope,
  lastPageOffset,
  looksLikeEmail,
  roleKey,
  scopeValue,
  userAccess,
  usersError,
  usersProblem,
  type UsersAction,
} from '../../src/lib/users.ts'
import { dictionaries } from '../../src/i18n/index.ts'
import { fill } from '../../src/lib/fill.ts'
import { localProblems } from '../../src/lib/messages.ts'

const failure = (status: number, serverError: string | null = null, statusText = '') => ({ status, statusText, serverError })

describe('usersError', () => {
  it.each<[UsersAction, ReturnType<typeof failure>, string]>([
    ['list', failure(0), USERS_UNAVAILABLE],
    ['remove', failure(0), USERS_UNAVAILABLE],
    ['list', failure(404, 'Not found'), USERS_MISSING],
    ['assign', failure(404), USERS_MISSING],
    ['remove', failure(404, 'User not found'), 'User not found'],
    ['list', failure(403), 'You do not have permission to view users.'],
    ['remove', failure(403), 'You do not have permission to remove users.'],
    ['assign', failure(403), 'You do not have permission to assign roles.'],
    ['add', failure(403), 'You do not have permission to add users.'],
    ['assign', failure(403, 'Only a superadmin can make a superadmin.'), 'Only a superadmin can make a superadmin.'],
    ['remove', failure(400, 'You cannot remove yourself.'), 'You cannot remove yourself.'],
    ['add', failure(409, 'A user with this email exists'), 'A user with this email exists'],
    ['list', failure(500, null, 'Internal Server Error'), 'Failed to list users: Internal Server Error'],
    ['list', failure(502, 'upstream', 'Bad Gateway'), 'Failed to list users: Bad Gateway'],
    ['list', failure(503), 'Failed to list users: 503'],
    ['remove', failure(500, null, 'Internal Server Error'), 'Failed to remove user: Internal Server Error'],
    ['add', failure(500, null, 'Internal Server Error'), 'Failed to add user: Internal Server Error'],
    ['assign', failure(500, null, 'Internal Server Error'), 'Failed to assign role'],
    ['assign', failure(400), 'Failed to assign role'],
  ])('%s %j → %s', (action, answer, expected) => {
    expect(usersError(action, answer)).toBe(expected)
  })
  it('names each SPEC text by its code, and leaves the server’s own refusal to its codes', () => {
    expect(usersProblem('list', failure(0))).toEqual({ code: 'users_unavailable' })
    expect(usersProblem('assign', failure(404))).toEqual({ code: 'users_missing' })
    expect(usersProblem('remove', failure(403))).toEqual({ code: 'no_remove_users' })
    expect(usersProblem('add', failure(502, 'upstream', 'Bad Gateway'))).toEqual({
      code: 'add_user_failed',
      params: { status: 'Bad Gateway' },
    })
    expect(usersProblem('assign', failure(500))).toEqual({ code: 'assign_role_failed' })
    expect(usersProblem('assign', failure(403, 'Only a superadmin can make a superadmin.'))).toBeNull()
    expect(usersProblem('remove', failure(404, 'User not found'))).toBeNull()
  })
})

describe('the user admin texts in Spanish, by code', () => {
  // As islands translate: the locale's dictionary and fill().
  const t = (key: string, values?: Record<string, string>) => fill(dictionaries.es[key] ?? key, values ?? {})
  it('translates SPEC, server and status-text messages', () => {
    expect(localProblems([{ code: 'users_missing' }], t)).toBe(
      'La API de gestión de usuarios aún no está implementada. Contacte al equipo de backend.',
    )
    expect(localProblems([{ code: 'page_name_missing' }], t)).toBe(t('users.pageMissing'))
    expect(localProblems([{ code: 'list_users_failed', params: { status: 'Bad Gateway' } }], t)).toBe(
      'No se pudo cargar la lista de usuarios: Bad Gateway',
    )
  })
})

describe('checkScope', () => {
  it.each([
    ['none', 'ignored', { ok: true, scope: {} }],
    ['admin', '', { ok: true, scope: {} }],
    ['page', ' /WA/Duvall/ ', { ok: true, scope: { pageName: 'wa/duvall' } }],
    ['page', 'wa/north-bend', { ok: true, scope: { pageName: 'wa/north-bend' } }],
    ['page', '  ', { ok: false, error: 'users.pageMissing' }],
    ['page', 'duvall', { ok: false, error: 'users.pageFormat' }],
    ['page', 'wash/duvall', { ok: false, error: 'users.pageFormat' }],
    ['page', 'wa/duvall/roads', { ok: false, error: 'users.pageFormat' }],
    ['area', ' Redmond ', { ok: true, scope: { cityName: 'Redmond' } }],
    ['area', '', { ok: false, error: 'users.cityMissing' }],
    ['area', 'x'.repeat(201), { ok: false, error: 'users.cityLong' }],
    ['one', ' 12 ', { ok: true, scope: { itemId: 12 } }],
    ['one', '', { ok: false, error: 'users.itemMissing' }],
    ['one', '0', { ok: false, error: 'users.itemFormat' }],
    ['one', '1.5', { ok: false, error: 'users.itemFormat' }],
    ['one', '-3', { ok: false, error: 'users.itemFormat' }],
    ['one', '12abc', { ok: false, error: 'users.itemFormat' }],
  ] as const)('%s %j', (role, input, expected) => {
    expect(checkScope(role, input)).toEqual(expected)
  })
})

describe('roles and access', () => {
  const user = { id: 4, email: 'Pat@Example.org', role: 2, pageName: 'wa/carnation', cityName: null, itemId: null }
  it('offers superadmin only to a superadmin', () => {
    expect(assignableRoles('admin')).not.toContain('superadmin')
    expect(assignableRoles('superadmin')).toContain('superadmin')
  })
  it('names every role with a key', () => {
    expect(assignableRoles('superadmin').map(roleKey)).toEqual([
      'users.roleNone',
      'users.roleOne',
      'users.rolePage',
      'users.roleArea',
      'users.roleAdmin',
      'users.roleSuperadmin',
    ])
  })
  it('reads the scope a user holds', () => {
    expect(scopeValue(user)).toBe('wa/carnation')
    expect(scopeValue({ ...user, role: 5, itemId: 7 })).toBe('7')
    expect(scopeValue({ ...user, role: 1 })).toBe('')
  })
  it('keeps callers off themselves and admins off superadmins', () => {
    expect(userAccess({ role: 'admin', email: 'pat@example.org' }, user)).toBe('self')
    expect(userAccess({ role: 'admin', email: 'a@example.org' }, { ...user, role: 3 })).toBe('superadminOnly')
    expect(userAccess({ role: 'superadmin', email: 'a@example.org' }, { ...user, role: 3 })).toBe('manage')
    expect(userAccess({ role: 'admin', email: 'a@example.org' }, user)).toBe('manage')
  })
  it('checks email shape and finds the last page', () => {
    expect(looksLikeEmail(' new@duvall.test ')).toBe(true)
    expect(looksLikeEmail('new@duvall')).toBe(false)
    expect([lastPageOffset(0), lastPageOffset(50), lastPageOffset(51), lastPageOffset(101)]).toEqual([0, 0, 50, 100])
  })
})

describe('api.users', () => {
  const answer =
    (status: number, body: unknown, statusText = '', seen: Request[] = []): typeof fetch =>
    (input, init) => {
      seen.push((input instanceof Request ? input : new Request(input, init)).clone())
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } }),
      )
    }
  const api = (answering: typeof fetch) => createApi(() => 't.o.k', { base: 'http://api.test', fetch: answering })

  it('pages the list and posts a new user with its scope', async () => {
    const seen: Request[] = []
    await api(answer(200, userList([]), '', seen)).users.list({ limit: 50, offset: 100 })
    expect(seen[0]!.url).toBe('http://api.test/admin/users?limit=50&offset=100')
    await api(answer(201, user(), '', seen)).users.add({ email: 'n@d.test', name: 'N', role: 'page', pageName: 'wa/duvall' })
    expect(seen[1]!.method).toBe('POST')
    expect(await seen[1]!.json()).toEqual({ email: 'n@d.test', name: 'N', role: 'page', pageName: 'wa/duvall' })
  })
  it('gives the SPEC messages with the status', async () => {
    await expect(api(answer(404, { error: 'Not found' })).users.list()).rejects.toMatchObject({
      status: 404,
      message: USERS_MISSING,
      problems: [{ code: 'users_missing' }],
    })
    await expect(api(answer(500, 'x', 'Internal Server Error')).users.remove(3)).rejects.toMatchObject({
      status: 500,
      message: 'Failed to remove user: Internal Server Error',
      problems: [{ code: 'remove_user_failed', params: { status: 'Internal Server Error' } }],
    })
    await expect(
      api(answer(400, { error: 'You cannot remove yourself.', code: 'remove_self' })).users.remove(3),
    ).rejects.toMatchObject({ status: 400, message: 'You cannot remove yourself.', problems: [{ code: 'remove_self' }] })
    await expect(api(() => Promise.reject(new TypeError('Failed to fetch'))).users.assignRole(3, 'admin')).rejects.toEqual(
      new ApiError(0, USERS_UNAVAILABLE, [{ code: 'users_unavailable' }]),
    )
  })
})
