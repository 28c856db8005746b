// A user as the API sends it: never the password hash.
import { ROLES } from '../../src/lib/state/auth.ts'
import type { UserRow } from '../db/schema.ts'

export type UserView = {
  id: number
  email: string
  name: string
  provider: string
  role: number
  roleName: string
  itemId: number | null
  pageName: string | null
  cityName: string | null
  createdAt: string
  lastLoginAt: string | null
}

export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    provider: user.provider,
    role: user.role,
    roleName: ROLES[user.role] ?? 'none',
    itemId: user.item_id,
    pageName: user.page_name,
    cityName: user.city_name,
    createdAt: user.created_at,
    lastLoginAt: user.last_login_at,
  }
}
