import { describe, expect, it } from 'vitest'
import { isValidUserId, userIdFromToken } from '../../../src/lib/telemetry/user-id.ts'

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`

describe('isValidUserId', () => {
  it.each([
    ['7', true],
    ['item:12', true],
    ['3f9a0c7e-b1d2', true],
    ['x'.repeat(128), true],
    ['a,b', false],
    ['a;b', false],
    ['a=b', false],
    ['a b', false],
    ['a|b', false],
    ['a\tb', false],
    [' 7', false],
    ['', false],
    ['x'.repeat(129), false],
    [7, false],
    [null, false],
    [undefined, false],
  ] as const)('%j → %s', (id, valid) => {
    expect(isValidUserId(id)).toBe(valid)
  })
})

describe('userIdFromToken', () => {
  it.each([
    ['a user token', token({ sub: '42', email: 'a@b.org' }), '42'],
    ['an edit-link token', token({ sub: 'item:5' }), 'item:5'],
    ['a subject with a space', token({ sub: '4 2' }), null],
    ['a subject with a bar', token({ sub: '4|2' }), null],
    ['a numeric subject', token({ sub: 42 }), null],
    ['no subject', token({ email: 'a@b.org' }), null],
    ['garbage', 'not.a-token.at-all', null],
    ['no token', null, null],
  ])('%s', (_, value, id) => {
    expect(userIdFromToken(value)).toBe(id)
  })
})
