import { ApiError, type Session } from '../api/porchlight.ts'
import { decodeToken } from '../decode/token.ts'
import { api } from './api.ts'
import { $authToken, refreshOnce, setSessionToken, withRefreshLock } from './session.ts'

/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 2 * 60_000
/** The longest wait setTimeout keeps. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** The signed-in user (current-user.ts, which visitor pages load without the API client). */
export { $currentUser } from './current-user.ts'

/** Keeps a session: stores the token and the nav's view of the user (SPEC section 4, "Login"). */
export function signIn(session: Session): void {
  setSessionToken(session.token)
}

let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Forgets the session here at once, then ends it on the server (its refresh cookie) when it can be
 * reached, holding the refresh lock: a refresh another tab has on the way finishes first, and its
 * cookie is the one signed out (with the token it stored).
 */
export async function signOut(): Promise<void> {
  clearTimeout(timer)
  setSessionToken(null)
  await withRefreshLock(async () => {
    setSessionToken(null)
    await api.auth.logout().catch(() => undefined)
  })
}

/** Swaps the refresh cookie for a new token; a refusal signs out, a network failure keeps what there is. */
export async function refreshSession(): Promise<boolean> {
  const seen = $authToken.get()
  try {
    // One tab refreshes; the others take the token it stores (tabs share the refresh cookie).
    await refreshOnce(seen, REFRESH_AHEAD_MS, async () => signIn(await api.auth.refresh()))
    scheduleRefresh()
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) setSessionToken(null)
    return false
  }
}

/** Refreshes a little before the stored token expires. */
export function scheduleRefresh(now = Date.now()): void {
  clearTimeout(timer)
  const user = decodeToken($authToken.get(), now)
  if (!user) return
  const wait = user.expiresAt - REFRESH_AHEAD_MS - now
  // A timer fires at once past 2^31 - 1 ms (24.8 days): a longer wait is taken in steps.
  timer =
    wait > MAX_TIMER_MS
      ? setTimeout(() => scheduleRefresh(), MAX_TIMER_MS)
      : setTimeout(() => void refreshSession(), Math.max(0, wait))
}

/**
 * Start-up (SPEC section 4): a stored token that still holds signs the user in; one that is
 * malformed or expired is removed, and the refresh cookie gets one more chance.
 */
export async function restoreSession(now = Date.now()): Promise<void> {
  const stored = $authToken.get()
  if (!stored) return
  if (decodeToken(stored, now)) return scheduleRefresh(now)
  setSessionToken(null)
  await refreshSession()
}
