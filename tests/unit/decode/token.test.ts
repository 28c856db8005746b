import { describe, expect, it } from 'vitest'
import { signAccessToken, verifyAccessToken } from '../../../server/lib/auth.ts'
import { decodeToken, tokenScope } from '../../../src/lib/decode/token.ts'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.signature`
const exp = NOW / 1000 + 3600

describe('decodeToken', () => {
  it.each([
    [{ EntityType: 1, exp }, 'admin'],
    [{ EntityType: 3, exp }, 'superadmin'],
    [{ EntityType: '2', exp }, 'page'],
    [{ role: 'area', exp }, 'area'],
    [{ EntityType: 5, exp, itemId: 7 }, 'one'],
    [{ EntityType: 42, exp }, 'none'],
  ])('reads the role from %j', (claims, role) => {
    expect(decodeToken(token(claims), NOW)?.role).toBe(role)
  })

  it('reads the scope and names, with non-ASCII text', () => {
    const user = decodeToken(token({ EntityType: 2, exp, name: 'Zoë Åberg', email: 'z@x.org', pageName: 'wa/duvall' }), NOW)
    expect(user).toEqual({
      role: 'page',
      email: 'z@x.org',
      name: 'Zoë Åberg',
      itemId: null,
      pageName: 'wa/duvall',
      cityName: null,
      expiresAt: exp * 1000,
    })
  })

  it.each([
    ['expired', token({ EntityType: 1, exp: NOW / 1000 - 1 })],
    ['without expiry', token({ EntityType: 1 })],
    ['not a JWT', 'hello'],
    ['garbage payload', 'a.%%%.c'],
    ['an array payload', `x.${Buffer.from('[1]').toString('base64url')}.y`],
    ['not a string', 42],
  ])('refuses a token %s', (_, value) => {
    expect(decodeToken(value, NOW)).toBeNull()
  })
})

describe('tokenScope', () => {
  it('reads the role and scope, capped at the lengths the API accepts, and nothing for what is missing or not text', () => {
    expect(tokenScope({ role: 'area', name: 'n'.repeat(300), email: 7, cityName: 'c'.repeat(300), pageName: '' })).toEqual({
      role: 'area',
      email: '',
      name: 'n'.repeat(100),
      itemId: null,
      pageName: null,
      cityName: 'c'.repeat(200),
    })
    expect(tokenScope({})).toEqual({ role: 'none', email: '', name: '', itemId: null, pageName: null, cityName: null })
  })

  it('is what both the browser and the server read from a signed token', async () => {
    const secret = new TextEncoder().encode('test secret')
    const subject = {
      userId: 7,
      role: 'page',
      email: 'z@x.org',
      name: 'Zoë',
      itemId: null,
      pageName: 'wa/duvall',
      cityName: null,
    } as const
    const signed = await signAccessToken(secret, subject, new Date(NOW))
    const scope = tokenScope({ EntityType: 2, email: 'z@x.org', name: 'Zoë', itemId: null, pageName: 'wa/duvall' })
    expect(decodeToken(signed, NOW)).toEqual({ ...scope, expiresAt: NOW + 3_600_000 })
    expect(await verifyAccessToken(secret, signed, new Date(NOW))).toEqual({
      userId: 7,
      ...scope,
      keyTag: null,
      version: 0,
      sessionId: null,
    })
  })
})
