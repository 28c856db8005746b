import { atom } from 'nanostores'
import { ApiError } from '../api/porchlight.ts'
import { ownerLinkUrl, type OwnerKey } from '../owner-link.ts'
import type { Locale } from '../routing/routes.ts'
import { api } from './api.ts'
import { signIn } from './auth.ts'
import { failure, type Failure } from './form.ts'

/** Staff: a new owner link for a business (voids the previous one), and when it stops working. */
export async function createOwnerLink(
  itemId: number,
  origin: string,
  locale: Locale,
): Promise<{ url: string; expiresAt: string }> {
  const { editKey, expiresAt } = await api.items.editKey(itemId)
  return { url: ownerLinkUrl(origin, locale, { h: editKey, rx: String(Math.trunc(itemId)) }), expiresAt }
}

/** Signing in with an owner link, as the editor page shows it: a void or unknown link, or why else it failed. */
export type OwnerSignIn =
  { state: 'idle' } | { state: 'opening' } | { state: 'ok' } | { state: 'invalid' } | { state: 'error'; failure: Failure }
export const $ownerSignIn = atom<OwnerSignIn>({ state: 'idle' })

/** Owner: exchanges the link's key for a 12-hour token of role one for that item, and signs in with it. */
export async function openOwnerLink(key: OwnerKey): Promise<void> {
  $ownerSignIn.set({ state: 'opening' })
  try {
    const { token, itemId } = await api.signInWithKey(key.h, key.rx)
    signIn({
      token,
      user: {
        id: 0,
        email: '',
        name: '',
        provider: 'edit-key',
        role: 5,
        roleName: 'one',
        itemId,
        pageName: null,
        cityName: null,
        createdAt: new Date().toISOString(),
        lastLoginAt: null,
      },
    })
    $ownerSignIn.set({ state: 'ok' })
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) $ownerSignIn.set({ state: 'invalid' })
    else $ownerSignIn.set({ state: 'error', failure: failure(error, 'edit_link_invalid') })
  }
}
