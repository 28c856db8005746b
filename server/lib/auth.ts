// Access tokens (signed JWTs with the SPEC's EntityType claim), password hashing and opaque secrets.
import { createHash, randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { SignJWT, jwtVerify } from 'jose'
import type { Editor } from '../../src/lib/can-edit.ts'
import { ROLES, type Role } from '../../src/lib/decode/editor-auth.ts'
import { tokenScope } from '../../src/lib/decode/token.ts'

export const ACCESS_TOKEN_SECONDS = 60 * 60
export const EDIT_KEY_TOKEN_SECONDS = 12 * 60 * 60

/** A signed-in caller: a user (sub = user id) or an edit-key holder of one item (userId null). */
export type Caller = NonNullable<Editor> & { userId: number | null; email: string; name: string; keyTag: string | null }

export type TokenSubject = {
  userId: number | null
  role: Role
  email: string
  name: string
  itemId: number | null
  pageName: string | null
  cityName: string | null
  /** For an edit-key token: the start of the key's hash, so a new key voids old tokens. */
  keyTag?: string | null
  /** For a user's token: their token version when it was signed (users.token_version). */
  version?: number
  /** For a user's token: the session it belongs to (sessions.id); it ends with the session. */
  sessionId?: string
}

/** What a verified token says: the caller it was signed for, its token version (0 when absent) and session. */
export type TokenClaims = Caller & { version: number; sessionId: string | null }

/** Signs an access token: EntityType is the role's number (SPEC section 6), plus the scope fields. */
export async function signAccessToken(
  secret: Uint8Array,
  subject: TokenSubject,
  now: Date,
  seconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  const issued = Math.floor(now.getTime() / 1000)
  return new SignJWT({
    EntityType: ROLES.indexOf(subject.role),
    role: subject.role,
    email: subject.email,
    name: subject.name,
    itemId: subject.itemId,
    pageName: subject.pageName,
    cityName: subject.cityName,
    ...(subject.keyTag ? { keyTag: subject.keyTag } : {}),
    ...(subject.version ? { ver: subject.version } : {}),
    ...(subject.sessionId ? { sid: subject.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId === null ? `item:${subject.itemId}` : String(subject.userId))
    .setIssuedAt(issued)
    .setExpirationTime(issued + seconds)
    .sign(secret)
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

/** Verifies a token; null when it is missing, forged, expired or malformed. */
export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
      // A token without an expiry would never end: refuse it.
      requiredClaims: ['exp'],
    })
    const sub = payload.sub ?? ''
    const userId = /^\d+$/.test(sub) ? Number(sub) : null
    // The role and scope are read as the browser reads them (src/lib/decode/token.ts).
    const scope = tokenScope(payload)
    if (userId === null && !(sub.startsWith('item:') && scope.itemId !== null)) return null
    return {
      userId,
      ...scope,
      keyTag: stringOrNull(payload['keyTag']),
      version: typeof payload['ver'] === 'number' ? payload['ver'] : 0,
      sessionId: stringOrNull(payload['sid']),
    }
  } catch {
    return null
  }
}

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline. */
export const hashPassword = (password: string): Promise<string> => hash(password)

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against the stored hash. An account without one (OAuth, invited) or no account
 * at all is checked against a fixed dummy hash, so the answer takes as long as a real check and
 * timing does not tell which addresses have a password.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  try {
    if (stored) return await verify(stored, password)
    dummyHash ??= hashPassword('porchlight dummy password, never matched')
    await verify(await dummyHash, password)
    return false
  } catch {
    return false
  }
}

/** A random secret for refresh tokens, reset links and edit keys (256 bits). */
export const newSecret = (): string => randomBytes(32).toString('base64url')

/** How secrets are stored: their SHA-256, so a database leak gives nothing usable. */
export const sha256 = (secret: string): string => createHash('sha256').update(secret).digest('hex')
