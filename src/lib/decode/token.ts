import { roleFromClaims } from '../can-edit.ts'
import { isObject } from '../is-object.ts'
import type { Role } from './editor-auth.ts'

/** What the browser reads from a stored access token (its claims; the server checks the signature). */
export type TokenUser = {
  role: Role
  email: string
  name: string
  itemId: number | null
  pageName: string | null
  cityName: string | null
  /** Milliseconds since the epoch. */
  expiresAt: number
}

/**
 * A JWT's claims, read without checking the signature (that is the server's business); null when
 * the token is not three parts or its payload is not a JSON object.
 * @example tokenClaims(token)?.['sub'] // '7'
 */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1]
  if (!part || token.split('.').length !== 3 || part.length > 8000) return null
  try {
    const binary = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    )
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))))
    return isObject(value) ? value : null
  } catch {
    return null
  }
}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '')
const orNull = (value: unknown): string | null => (typeof value === 'string' && value ? value.slice(0, 200) : null)

/**
 * Decodes a stored token (untrusted); null when it is malformed or expired at `now`.
 * The role comes from the EntityType claim, else the role claim (SPEC section 6).
 * @example decodeToken(localStorage token, Date.now())?.role // 'admin'
 */
export function decodeToken(token: unknown, now: number): TokenUser | null {
  if (typeof token !== 'string') return null
  const claims = tokenClaims(token)
  const exp = claims?.['exp']
  if (!claims || typeof exp !== 'number' || exp * 1000 <= now) return null
  return {
    role: roleFromClaims(claims),
    email: text(claims['email'], 254),
    name: text(claims['name'], 100),
    itemId: typeof claims['itemId'] === 'number' ? claims['itemId'] : null,
    pageName: orNull(claims['pageName']),
    cityName: orNull(claims['cityName']),
    expiresAt: exp * 1000,
  }
}
