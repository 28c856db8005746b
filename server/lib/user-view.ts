// A user as the API sends it: never the password hash.
import { ROLES } from '../../src/lib/decode/editor-auth.ts'
import type { z } from '@hono/zod-openapi'
import type { UserRow } from '../db/schema.ts'
import type { userSchema } from '../schemas.ts'

/** The User component of the OpenAPI document (server/schemas.ts): the one definition of this shape. */
export type UserView = z.infer<typeof userSchema>

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
