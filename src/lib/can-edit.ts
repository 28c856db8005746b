import { ROLES, type Role } from './state/auth.ts'

/** Who is asking: the role and scope fields of a signed-in user, or null when signed out. */
export type Editor = {
  role: Role
  itemId: number | null
  pageName: string | null
  cityName: string | null
} | null

/** The fields of an item that decide who may change it. */
export type EditTarget = { id: number | null; pageName: string | null; cityName: string | null }

/**
 * SPEC section 6: superadmin and admin edit anything; 'page' only items of their page name;
 * 'area' only items whose city matches case-insensitively; 'one' only their own item;
 * 'none' and signed-out visitors nothing. A new item (id null) is never 'one''s.
 * @example canEdit({ role: 'area', itemId: null, pageName: null, cityName: 'Duvall' }, { id: 3, pageName: null, cityName: 'DUVALL' }) // true
 */
export function canEdit(editor: Editor, item: EditTarget): boolean {
  if (!editor) return false
  switch (editor.role) {
    case 'superadmin':
    case 'admin':
      return true
    case 'page':
      return !!editor.pageName && editor.pageName === item.pageName
    case 'area':
      return !!editor.cityName && !!item.cityName && editor.cityName.toLowerCase() === item.cityName.toLowerCase()
    case 'one':
      return editor.itemId !== null && item.id !== null && editor.itemId === item.id
    case 'none':
      return false
  }
}

/** Role from a token's EntityType claim (the index in ROLES) (0 to 5), else from a role claim; 'none' otherwise. */
export function roleFromClaims(claims: Record<string, unknown>): Role {
  const entityType = claims['EntityType']
  const number = typeof entityType === 'string' ? Number(entityType) : entityType
  const byNumber = typeof number === 'number' && Number.isInteger(number) ? ROLES[number] : undefined
  return byNumber ?? ROLES.find((role) => role === claims['role']) ?? 'none'
}
