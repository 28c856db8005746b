import { citySlug } from './routing/slug.ts'
import { ROLES, type Role } from './decode/editor-auth.ts'

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
 * Whether a page route is a page of the named city ('Duvall' or 'Duvall, WA').
 * @example pageOfCity('wa/duvall', 'Duvall, WA') // true
 */
export function pageOfCity(route: string, cityName: string): boolean {
  const [state = '', slug = ''] = route.toLowerCase().split('/')
  const [name = '', cityState] = cityName.split(',')
  return slug === citySlug(name) && (!cityState?.trim() || cityState.trim().toLowerCase() === state)
}

/**
 * SPEC section 6: superadmin and admin edit anything; 'page' only items of their page name;
 * 'area' only items whose city matches case-insensitively; 'one' only their own item;
 * 'none' and signed-out visitors nothing. A new item (id null) is never 'one''s. Both the page and
 * the city must be inside the scope: a page user's item names no other city than its page's, an
 * area user's no page of another city (docs/security.md, "Who may change what").
 * @example canEdit({ role: 'area', itemId: null, pageName: null, cityName: 'Duvall' }, { id: 3, pageName: null, cityName: 'DUVALL' }) // true
 */
export function canEdit(editor: Editor, item: EditTarget): boolean {
  if (!editor) return false
  switch (editor.role) {
    case 'superadmin':
    case 'admin':
      return true
    case 'page':
      return (
        !!editor.pageName && editor.pageName === item.pageName && (!item.cityName || pageOfCity(editor.pageName, item.cityName))
      )
    case 'area':
      return (
        !!editor.cityName &&
        !!item.cityName &&
        editor.cityName.toLowerCase() === item.cityName.toLowerCase() &&
        (!item.pageName || pageOfCity(item.pageName, editor.cityName))
      )
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
