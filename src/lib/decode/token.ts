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
  const parts = token.split('.')
  const part = parts[1]
  if (parts.length !== 3 || !part || part.length > 8000) return null
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
const orNull = (value: unknown): string | null => text(value, 200) || null

/** Who a token names: its role and scope. */
export type TokenScope = Omit<TokenUser, 'expiresAt'>

/**
 * Reads who an access token names from its claims (decoded here, or verified by the server's
 * server/lib/auth.ts): the role from the EntityType claim, else the role claim (SPEC section 6), and
 * the scope fields, capped at the lengths the API accepts.
 * @example tokenScope({ EntityType: 2, pageName: 'wa/duvall' }) // { role: 'page', pageName: 'wa/duvall', … }
 */
export function tokenScope(claims: Record<string, unknown>): TokenScope {
  return {
    role: roleFromClaims(claims),
    email: text(claims['email'], 254),
    name: text(claims['name'], 100),
    itemId: typeof claims['itemId'] === 'number' ? claims['itemId'] : null,
    pageName: orNull(claims['pageName']),
    cityName: orNull(claims['cityName']),
  }
}

/**
 * Decodes a stored token (untrusted); null when it is malformed or expired at `now`.
 * @example decodeToken(localStorage token, Date.now())?.role // 'admin'
 */
export function decodeToken(token: unknown, now: number): TokenUser | null {
  if (typeof token !== 'string') return null
  const claims = tokenClaims(token)
  const exp = claims?.['exp']
  if (!claims || typeof exp !== 'number' || exp * 1000 <= now) return null
  return { ...tokenScope(claims), expiresAt: exp * 1000 }
}
