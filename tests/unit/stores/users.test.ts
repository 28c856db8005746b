// The user admin store against a mocked API: the paged list for admins only, role changes with their
// scope checked first, removing through the dialog, and adding a user to the last page.
import { cleanTestStorage } from '@nanostores/persistent'
import { allTasks, cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type Api } from '../../../src/lib/api/porchlight.ts'
import type { UserView } from '../../../src/lib/api/types.ts'

const api = {
  list: vi.fn<Api['users']['list']>(),
  assignRole: vi.fn<Api['users']['assignRole']>(),
  remove: vi.fn<Api['users']['remove']>(),
  add: vi.fn<Api['users']['add']>(),
}
vi.mock('../../../src/lib/stores/api.ts', () => ({ api: { users: api } }))
const m = await import('../../../src/lib/stores/users.ts')
const { $authToken } = await import('../../../src/lib/stores/session.ts')

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (role: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ EntityType: role, email: 'me@x.org', exp: Date.now() / 1000 + 3600 })}.sig`
const user = (id: number, patch: Partial<UserView> = {}): UserView => ({
  id,
  email: `u${id}@x.org`,
  name: `U${id}`,
  provider: 'email',
  role: 0,
  roleName: 'none',
  itemId: null,
  pageName: null,
  cityName: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
  ...patch,
})

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset())
  api.list.mockResolvedValue({ users: [user(1), user(2)], total: 2 })
})
afterEach(() => {
  cleanStores(m.$users)
  $authToken.set(null)
  cleanTestStorage()
})

async function shown(): Promise<void> {
  $authToken.set(token(1))
  keepMount(m.$users)
  await allTasks()
}

describe('users store', () => {
  it('lists users for admins only', async () => {
    $authToken.set(token(2))
    keepMount(m.$users)
    await allTasks()
    expect(api.list).not.toHaveBeenCalled()
    $authToken.set(token(3))
    await allTasks()
    expect(api.list).toHaveBeenCalledExactlyOnceWith({ limit: 50, offset: 0 })
    expect(m.$users.get()).toMatchObject({ state: 'ok', total: 2 })
  })

  it('pages, and shows the page before when the last user of a page went', async () => {
    await shown()
    api.list.mockResolvedValueOnce({ users: [], total: 50 }).mockResolvedValueOnce({ users: [user(50)], total: 50 })
    m.showUsersPage(50)
    await allTasks()
    expect(api.list.mock.calls.map(([query]) => query?.offset)).toEqual([0, 50, 0])
    expect(m.$usersOffset.get()).toBe(0)
    expect(m.$users.get()).toMatchObject({ state: 'ok', users: [{ id: 50 }] })
  })

  it('says why the list failed, and reloads on retry', async () => {
    api.list.mockRejectedValueOnce(
      new ApiError(500, 'Failed to list users: Internal Server Error', [
        { code: 'list_users_failed', params: { status: 'Internal Server Error' } },
      ]),
    )
    await shown()
    expect(m.$users.get()).toEqual({
      state: 'error',
      failure: { problems: [{ code: 'list_users_failed', params: { status: 'Internal Server Error' } }] },
    })
    m.refreshUsers()
    await allTasks()
    expect(m.$users.get().state).toBe('ok')
  })

  it('checks a role’s scope before it asks the API', async () => {
    await shown()
    expect(await m.saveUserRole(user(2), 'page', 'not a route')).toBeNull()
    expect(m.$roleSaves.get()['2']).toEqual({ state: 'error', failure: { key: 'users.pageFormat' } })
    expect(api.assignRole).not.toHaveBeenCalled()
    m.clearRoleSave(2)
    expect(m.$roleSaves.get()['2']).toEqual({ state: 'idle' })
  })

  it('saves a role: the saved user replaces theirs and the notice names them', async () => {
    await shown()
    const saved = user(2, { role: 2, roleName: 'page', pageName: 'wa/duvall', name: '' })
    api.assignRole.mockResolvedValue(saved)
    const pending = m.saveUserRole(user(2), 'page', ' /WA/Duvall ')
    expect(m.$roleSaves.get()['2']).toEqual({ state: 'busy' })
    expect(await pending).toEqual(saved)
    expect(api.assignRole).toHaveBeenCalledWith(2, 'page', { pageName: 'wa/duvall' })
    expect(m.$users.get()).toMatchObject({ users: [{ id: 1 }, { id: 2, pageName: 'wa/duvall' }] })
    expect(m.$usersNotice.get()).toEqual({ kind: 'saved', name: 'u2@x.org' })
    expect(m.$roleSaves.get()['2']).toEqual({ state: 'idle' })
  })

  it('keeps the row’s error when the API refuses a role', async () => {
    await shown()
    api.assignRole.mockRejectedValue(new ApiError(403, 'You cannot change your own role.', [{ code: 'own_role' }]))
    expect(await m.saveUserRole(user(1), 'admin', '')).toBeNull()
    expect(m.$roleSaves.get()['1']).toEqual({ state: 'error', failure: { problems: [{ code: 'own_role' }] } })
  })

  it('removes the user the dialog asks about, then reloads the page', async () => {
    await shown()
    api.remove
      .mockRejectedValueOnce(new ApiError(404, 'User not found', [{ code: 'user_not_found' }]))
      .mockResolvedValueOnce({ ok: true })
    expect(await m.removeUser()).toBe(false)
    m.askRemoveUser(user(2))
    expect(await m.removeUser()).toBe(false)
    expect(m.$removeStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'user_not_found' }] } })
    expect(await m.removeUser()).toBe(true)
    expect(api.remove).toHaveBeenLastCalledWith(2)
    expect(m.$usersNotice.get()).toEqual({ kind: 'removed', name: 'U2' })
    await allTasks()
    expect(api.list).toHaveBeenCalledTimes(2)
    m.closeRemoveUser()
    expect([m.$removingUser.get(), m.$removeStatus.get()]).toEqual([null, { state: 'idle' }])
  })

  it('adds a user after checking the email and scope, and shows the last page', async () => {
    api.list.mockResolvedValue({ users: [user(1)], total: 50 })
    await shown()
    expect(await m.addUser({ email: 'nope', name: '', role: 'none', scope: '' })).toBe(false)
    expect(m.$addUserStatus.get()).toEqual({ state: 'error', failure: { key: 'users.emailInvalid' } })
    expect(await m.addUser({ email: 'a@b.org', name: '', role: 'one', scope: 'x' })).toBe(false)
    expect(m.$addUserStatus.get()).toEqual({ state: 'error', failure: { key: 'users.itemFormat' } })
    api.add.mockResolvedValue(user(51, { name: 'Ann', role: 5, itemId: 12 }))
    expect(await m.addUser({ email: ' a@b.org ', name: ' Ann ', role: 'one', scope: '12' })).toBe(true)
    expect(api.add).toHaveBeenCalledWith({ email: 'a@b.org', name: 'Ann', role: 'one', itemId: 12 })
    expect(m.$addUserStatus.get()).toEqual({ state: 'idle' })
    expect(m.$usersNotice.get()).toEqual({ kind: 'added', name: 'Ann' })
    expect(m.$usersOffset.get()).toBe(50)
    await allTasks()
    expect(api.list).toHaveBeenLastCalledWith({ limit: 50, offset: 50 })
  })

  it('says why the API refused a new user', async () => {
    await shown()
    api.add.mockRejectedValue(new ApiError(409, 'A user with this email exists', [{ code: 'user_exists' }]))
    expect(await m.addUser({ email: 'a@b.org', name: '', role: 'none', scope: '' })).toBe(false)
    expect(m.$addUserStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'user_exists' }] } })
  })
})
