import { computed } from 'nanostores'
import { decodeToken, type TokenUser } from '../decode/token.ts'
import { $authToken } from './session.ts'

/**
 * The signed-in user as the stored token says (null when signed out, or the token is bad or expired).
 * Its own module, without the API client, so that visitor pages' edit buttons do not load ky.
 */
export const $currentUser = computed($authToken, (token): TokenUser | null => decodeToken(token, Date.now()))
