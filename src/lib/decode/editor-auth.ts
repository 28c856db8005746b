import { isObject } from '../is-object.ts'

/** Roles by the token's EntityType claim (SPEC section 6). */
export const ROLES = ['none', 'admin', 'page', 'superadmin', 'area', 'one'] as const
export type Role = (typeof ROLES)[number]

/** What the browser keeps about the signed-in staff member, to draw the nav before any request. */
export type EditorAuth = { role: Role; email: string; name: string } | null

/** Decodes the stored editorAuth value (untrusted); null unless it is well formed. */
export function decodeEditorAuth(value: unknown): EditorAuth {
  if (!isObject(value)) return null
  const { role, email, name } = value
  if (!(ROLES as readonly unknown[]).includes(role)) return null
  return {
    role: role as Role,
    email: typeof email === 'string' ? email.slice(0, 254) : '',
    name: typeof name === 'string' ? name.slice(0, 100) : '',
  }
}

/** The Editor tab shows for admin and superadmin unless they chose to hide it. */
export function showsEditorTab(auth: EditorAuth, hideEditorTab: boolean): boolean {
  return !hideEditorTab && (auth?.role === 'admin' || auth?.role === 'superadmin')
}
