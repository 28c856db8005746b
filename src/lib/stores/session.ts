import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { decodeEditorAuth, type EditorAuth } from '../decode/editor-auth.ts'
import { decodeToken } from '../decode/token.ts'
import { safeJson } from '../decode/location.ts'

/**
 * The signed-in staff member as last known (persisted, so the nav draws the Editor tab before any
 * token is decoded). Written only with the token, by `setSessionToken`; another tab's write arrives
 * through storage events.
 */
export const $editorAuth = persistentAtom<EditorAuth>('porchlight:editorAuth', null, {
  encode: JSON.stringify,
  decode: safeJson(decodeEditorAuth),
})

/** The access token (SPEC section 4: kept in local storage, added to every API call). */
export const $authToken = persistentAtom<string | null>('porchlight:token', null, {
  encode: JSON.stringify,
  decode: safeJson((value) => (typeof value === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? value : null)),
})

/**
 * Keeps a session's token, or forgets it (null), and the nav's view of its user with it: the one
 * writer of both stores, so they cannot disagree. A bad or expired token stores no user.
 * @example setSessionToken(session.token) // signed in; setSessionToken(null) // signed out here
 */
export function setSessionToken(token: string | null, now = Date.now()): void {
  $authToken.set(token)
  const user = decodeToken(token, now)
  $editorAuth.set(user ? { role: user.role, email: user.email, name: user.name } : null)
}

/** The Web Lock tabs of this origin take to refresh the session one at a time. */
export const REFRESH_LOCK = 'porchlight:refresh'

/** The token as stored now: read from storage itself, as another tab's write may not have reached $authToken yet. */
function storedToken(): string | null {
  try {
    const raw = typeof localStorage === 'undefined' ? undefined : localStorage.getItem('porchlight:token')
    if (raw !== undefined)
      return raw === null ? null : (safeJson((value) => (typeof value === 'string' ? value : null))(raw) ?? null)
  } catch {
    // Storage disabled: the store's value is all there is.
  }
  return $authToken.get()
}

/**
 * Runs a session refresh in one tab at a time. Tabs share the refresh cookie and each runs its own
 * timer, so they tend to refresh together; with the lock the first one refreshes and the others,
 * once they get the lock, find a newer token than the one they saw (`seen`) still good for longer
 * than `aheadMs`, and take it instead. Without Web Locks the refresh just runs: the server hands
 * tabs refreshing together the same new cookie for a short while.
 * @example await refreshOnce($authToken.get(), 120_000, async () => signIn(await api.auth.refresh()))
 */
export async function refreshOnce(seen: string | null, aheadMs: number, refresh: () => Promise<void>): Promise<void> {
  const run = async (): Promise<void> => {
    const stored = storedToken()
    const user = stored && stored !== seen ? decodeToken(stored, Date.now()) : null
    if (stored && user && user.expiresAt - aheadMs > Date.now()) {
      if ($authToken.get() !== stored) $authToken.set(stored)
      return
    }
    await refresh()
  }
  return withRefreshLock(run)
}

/**
 * Runs `task` holding the refresh lock (sign-out takes it too, so it never crosses a refresh in
 * another tab); without Web Locks it just runs.
 */
export function withRefreshLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return task()
  return locks.request(REFRESH_LOCK, task)
}
