import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { atom } from 'nanostores'
import type { Section } from '../routes.ts'
import { decodeEditorAuth, type EditorAuth } from '../state/auth.ts'
import { safeJson } from '../state/location.ts'

/** The signed-in staff member as last known (persisted; the token itself is handled by the API client). */
export const $editorAuth = persistentAtom<EditorAuth>('porchlight:editorAuth', null, {
  encode: JSON.stringify,
  decode: safeJson(decodeEditorAuth),
})

/** Not persisted: the section on screen, loading flag and the last data fetched for the page. */
export const $activeTab = atom<Section>('weather')
export const $isLoading = atom(false)
export const $cachedData = atom<Record<string, unknown>>({})
export const $lastDataFetch = atom<number | null>(null)

export function setEditorAuth(auth: EditorAuth): void {
  $editorAuth.set(auth)
}

/** The access token (SPEC section 4: kept in local storage, added to every API call). */
export const $authToken = persistentAtom<string | null>('porchlight:token', null, {
  encode: JSON.stringify,
  decode: safeJson((value) => (typeof value === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? value : null)),
})
