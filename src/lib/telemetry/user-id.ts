/** The id telemetry gives a signed-in user: the account's number from the token, never the email or name. */
import { tokenClaims } from '../decode/token.ts'

/** Longest id kept; the ingestion service cuts `ai.user.authUserId` at 128 characters. */
export const MAX_USER_ID_LENGTH = 128

/**
 * Whether an id may be a telemetry user context id (SPEC section 5): a non-empty string of at most
 * 128 characters with no comma, semicolon, equals sign, space (or other whitespace) or vertical
 * bar, the characters the SDK's cookie uses as separators. A rejected id is not sent at all.
 * @example isValidUserId('42') // true
 * @example isValidUserId('a|b') // false
 */
export function isValidUserId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_USER_ID_LENGTH && !/[,;=|\s]/.test(id)
}

/**
 * The user context id for a stored access token: its subject (the user's number, or `item:N` for
 * an edit link), when that passes `isValidUserId`; null when signed out or the id is rejected.
 * @example userIdFromToken(token) // '7'
 */
export function userIdFromToken(token: string | null): string | null {
  if (!token) return null
  const sub = tokenClaims(token)?.['sub']
  return isValidUserId(sub) ? sub : null
}
