// API answers for unit tests, typed as the API's own answer types (src/lib/api/types.ts, from the server's
// schemas): a shape the server no longer sends fails type checking here, not in a visitor's language.
import type {
  AlertItem,
  ItemRecord,
  ManageAnswer,
  Ok,
  Reaction,
  Session,
  UserList,
  UserView,
} from '../../../src/lib/api/types.ts'
import { alertItem as liveItem } from '../live/alert-item.ts'

/** One Alert item (tests/unit/live/alert-item.ts), id 1 unless given. */
export const alertItem = (fields: Partial<AlertItem> = {}): AlertItem => liveItem({ id: 1, ...fields })

export const reaction = (statuses: AlertItem[] = [alertItem()]): Reaction => ({
  statuses: { messages: statuses },
  roads: { messages: [] },
  cameras: { messages: [] },
  local: { messages: [] },
})

export const itemRecord = (fields: Partial<ItemRecord> = {}): ItemRecord => {
  const { data, distance, source, startsAt, endsAt, ...flat } = alertItem()
  void [distance, source, startsAt, endsAt]
  return {
    ...flat,
    ...data,
    isActive: true,
    order: 0,
    areaMiles: 1,
    layer: 0,
    fetchError: null,
    nextFetchAt: null,
    hasEditKey: false,
    isDemo: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  }
}

export const manageAnswer = (): ManageAnswer => ({ record: { Id: 1, Title: 'Duvall Library' }, item: alertItem() })

export const user = (fields: Partial<UserView> = {}): UserView => ({
  id: 2,
  email: 'staff@duvall.test',
  name: 'Staff',
  provider: 'email',
  role: 2,
  roleName: 'page',
  itemId: null,
  pageName: 'wa/duvall',
  cityName: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
  ...fields,
})

export const userList = (users: UserView[] = [user()]): UserList => ({ users, total: users.length })

export const session = (token = 'a.b.c'): Session => ({ token, user: user() })

/** POST /auth/forgot-password's answer as the server sends it: an English sentence the page must not show. */
export const forgotAnswer = {
  ok: true,
  message: 'If that address has an account, a reset link is on its way.',
} as const satisfies Ok
