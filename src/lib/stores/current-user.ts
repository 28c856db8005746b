import { atom, onMount, type ReadableAtom } from 'nanostores'
import { decodeToken, type TokenUser } from '../decode/token.ts'
import { $authToken } from './session.ts'

/** setTimeout's longest wait (about 24.8 days); a later expiry is reached by waiting again. */
const LONGEST_WAIT_MS = 2 ** 31 - 1

const $user = atom<TokenUser | null>(null)
let expiry: ReturnType<typeof setTimeout> | undefined

/** Reads the token now, and again just after it expires, so the user turns null on time without a new token. */
function readToken(token: string | null): void {
  clearTimeout(expiry)
  const user = decodeToken(token, Date.now())
  $user.set(user)
  if (!user) return
  const wait = Math.min(user.expiresAt - Date.now() + 1, LONGEST_WAIT_MS)
  expiry = setTimeout(() => readToken($authToken.get()), wait)
}

onMount($user, () => {
  const stop = $authToken.subscribe(readToken)
  return () => {
    stop()
    clearTimeout(expiry)
  }
})

/**
 * The signed-in user as the stored token says: null when signed out, when the token is bad, and from the moment
 * it expires (a timer recomputes it then, while anything listens).
 * Its own module, without the API client, so that visitor pages' edit buttons do not load ky.
 */
export const $currentUser: ReadableAtom<TokenUser | null> = $user
