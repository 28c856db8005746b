// User admin (SPEC section 6), for admins and superadmins: the paged list of staff accounts, and
// changing a role and its scope, removing and adding a user, each with its form's status.
import { atom, computed, map, onMount, task } from 'nanostores'
import type { UserView } from '../api/types.ts'
import type { Role } from '../decode/editor-auth.ts'
import { USERS_PAGE_SIZE, checkScope, lastPageOffset, looksLikeEmail } from '../users.ts'
import { api } from './api.ts'
import { $currentUser } from './auth.ts'
import { BUSY, IDLE, failed, failure, refused, type Failure, type FormStatus } from './form.ts'

export type UsersList =
  { state: 'loading' } | { state: 'ok'; users: UserView[]; total: number } | { state: 'error'; failure: Failure }
/** The status line after a change: what was done, to whom (their name, else their email). */
export type UsersNotice = { kind: 'saved' | 'removed' | 'added'; name: string } | null
/** The add-user form's fields. */
export type NewUserForm = { email: string; name: string; role: Role; scope: string }

export const $users = atom<UsersList>({ state: 'loading' })
/** The first user shown: pages are `USERS_PAGE_SIZE` apart. */
export const $usersOffset = atom(0)
export const $usersNotice = atom<UsersNotice>(null)
/** The user the remove dialog asks about; null when it is closed. */
export const $removingUser = atom<UserView | null>(null)
export const $removeStatus = atom<FormStatus>(IDLE)
export const $addUserStatus = atom<FormStatus>(IDLE)
/** Each table row's role form, by user id (absent: idle). */
export const $roleSaves = map<Record<string, FormStatus>>({})

const $isAdmin = computed($currentUser, (user) => user?.role === 'admin' || user?.role === 'superadmin')
const nameOf = (user: UserView): string => user.name || user.email

let wanted = 0

/** Lists the page at the offset; only the latest request's answer is kept, and a table on screen stays while it loads. */
export async function loadUsers(): Promise<void> {
  const request = ++wanted
  if (!$isAdmin.get()) return
  const offset = $usersOffset.get()
  if ($users.get().state !== 'ok') $users.set({ state: 'loading' })
  try {
    const { users, total } = await api.users.list({ limit: USERS_PAGE_SIZE, offset })
    if (request !== wanted) return
    // The last user of a page was removed: show the page before it.
    if (!users.length && offset > 0) $usersOffset.set(lastPageOffset(total))
    else $users.set({ state: 'ok', users, total })
  } catch (error) {
    if (request === wanted) $users.set({ state: 'error', failure: failure(error, 'users_unavailable') })
  }
}

/** Shows the page starting at `offset`. */
export function showUsersPage(offset: number): void {
  $usersOffset.set(Math.max(0, offset))
}

/** Reloads the page on screen, or shows the page at `to`. */
export function refreshUsers(to = $usersOffset.get()): void {
  if (to === $usersOffset.get()) void task(loadUsers)
  else showUsersPage(to)
}

/** Forgets a row's error once its role is changed again. */
export function clearRoleSave(id: number): void {
  $roleSaves.setKey(String(id), IDLE)
}

/**
 * Gives a user a role and the scope typed for it (checked first); the saved user replaces theirs in
 * the table. Returns the saved user, or null when the check or the call failed (the row says why).
 */
export async function saveUserRole(user: UserView, role: Role, scope: string): Promise<UserView | null> {
  const key = String(user.id)
  const checked = checkScope(role, scope)
  if (!checked.ok) {
    $roleSaves.setKey(key, refused(checked.error))
    return null
  }
  $roleSaves.setKey(key, BUSY)
  try {
    const saved = await api.users.assignRole(user.id, role, checked.scope)
    $roleSaves.setKey(key, IDLE)
    const list = $users.get()
    if (list.state === 'ok') $users.set({ ...list, users: list.users.map((u) => (u.id === saved.id ? saved : u)) })
    $usersNotice.set({ kind: 'saved', name: nameOf(saved) })
    return saved
  } catch (error) {
    $roleSaves.setKey(key, failed(error, 'assign_role_failed'))
    return null
  }
}

/** Opens the remove dialog for a user. */
export function askRemoveUser(user: UserView): void {
  $removeStatus.set(IDLE)
  $removingUser.set(user)
}

/** The remove dialog closed (cancelled, or after a removal). */
export function closeRemoveUser(): void {
  $removeStatus.set(IDLE)
  $removingUser.set(null)
}

/** Removes the user the dialog asks about; true when done (the notice says so and the page reloads). */
export async function removeUser(): Promise<boolean> {
  const user = $removingUser.get()
  if (!user) return false
  $removeStatus.set(BUSY)
  try {
    await api.users.remove(user.id)
  } catch (error) {
    $removeStatus.set(failed(error, 'users_unavailable'))
    return false
  }
  $usersNotice.set({ kind: 'removed', name: nameOf(user) })
  refreshUsers()
  return true
}

/**
 * Adds a user by email with a role and its scope (both checked first). True when added: the notice
 * says so and the last page, where the newest user is listed, is shown.
 */
export async function addUser(form: NewUserForm): Promise<boolean> {
  if (!looksLikeEmail(form.email)) {
    $addUserStatus.set(refused('users.emailInvalid'))
    return false
  }
  const checked = checkScope(form.role, form.scope)
  if (!checked.ok) {
    $addUserStatus.set(refused(checked.error))
    return false
  }
  $addUserStatus.set(BUSY)
  try {
    const user = await api.users.add({ email: form.email.trim(), name: form.name.trim(), role: form.role, ...checked.scope })
    $addUserStatus.set(IDLE)
    $usersNotice.set({ kind: 'added', name: nameOf(user) })
    // Users are listed oldest first: the new one is on the last page.
    const list = $users.get()
    refreshUsers(lastPageOffset((list.state === 'ok' ? list.total : 0) + 1))
    return true
  } catch (error) {
    $addUserStatus.set(failed(error, 'users_unavailable'))
    return false
  }
}

onMount($users, () => {
  // A task, so tests can wait for it with allTasks().
  const reload = (): void => void task(loadUsers)
  reload()
  const stops = [$usersOffset.listen(reload), $isAdmin.listen(reload)]
  return () => {
    stops.forEach((stop) => stop())
    wanted++
    $users.set({ state: 'loading' })
    $usersOffset.set(0)
    $usersNotice.set(null)
    closeRemoveUser()
    $addUserStatus.set(IDLE)
    $roleSaves.set({})
  }
})
