import { computed } from 'nanostores'
import type { Role } from '../decode/editor-auth.ts'
import { decodeToken, type TokenUser } from '../decode/token.ts'
import { $authToken } from './session.ts'

/** What one role may edit, as the account menu words it (SPEC section 6, canEdit). */
export type AccountScope =
  | { kind: 'all' }
  | { kind: 'page'; page: string }
  | { kind: 'area'; city: string }
  | { kind: 'one'; itemId: number | null }
  | { kind: 'none' }

/** The signed-in account as the nav shows it: who, which role, what they may edit, whether the editor is theirs. */
export type Account = { name: string; role: Role; scope: AccountScope; canEdit: boolean; owner: boolean }

/**
 * The nav's view of a decoded token. An owner link's token (role one, no email) is an "owner".
 * @example accountOf({ role: 'area', cityName: 'Redmond', … }).scope // { kind: 'area', city: 'Redmond' }
 */
export function accountOf(user: TokenUser): Account {
  const scope: AccountScope =
    user.role === 'admin' || user.role === 'superadmin'
      ? { kind: 'all' }
      : user.role === 'page'
        ? { kind: 'page', page: user.pageName ?? '' }
        : user.role === 'area'
          ? { kind: 'area', city: user.cityName ?? '' }
          : user.role === 'one'
            ? { kind: 'one', itemId: user.itemId }
            : { kind: 'none' }
  return {
    name: user.name || user.email,
    role: user.role,
    scope,
    canEdit: scope.kind !== 'none',
    owner: user.role === 'one' && !user.email,
  }
}

/** The signed-in account from the stored token; null when signed out or the token is bad or expired. */
export const $account = computed($authToken, (token): Account | null => {
  const user = decodeToken(token, Date.now())
  return user ? accountOf(user) : null
})

/** Signs out through the session actions (loaded only when someone signs out). */
export async function signOutAccount(): Promise<void> {
  const { signOut } = await import('./auth.ts')
  await signOut()
}
