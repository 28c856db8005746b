import { cleanTestStorage } from '@nanostores/persistent'
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, describe, expect, it } from 'vitest'
import { $account, accountOf } from '../../../src/lib/stores/account.ts'
import { $authToken } from '../../../src/lib/stores/session.ts'
import type { TokenUser } from '../../../src/lib/decode/token.ts'

const user = (patch: Partial<TokenUser>): TokenUser => ({
  role: 'admin',
  email: 'dana@duvall.test',
  name: 'Dana',
  itemId: null,
  pageName: null,
  cityName: null,
  expiresAt: Date.now() + 60_000,
  ...patch,
})
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url')

afterEach(() => {
  $authToken.set(null)
  cleanTestStorage()
  cleanStores($account, $authToken)
})

describe('accountOf', () => {
  it.each([
    [{ role: 'admin' }, { kind: 'all' }, true],
    [{ role: 'superadmin' }, { kind: 'all' }, true],
    [{ role: 'page', pageName: 'wa/carnation' }, { kind: 'page', page: 'wa/carnation' }, true],
    [{ role: 'area', cityName: 'Redmond' }, { kind: 'area', city: 'Redmond' }, true],
    [{ role: 'one', itemId: 4 }, { kind: 'one', itemId: 4 }, true],
    [{ role: 'none' }, { kind: 'none' }, false],
  ] as const)('%j may edit %j', (patch, scope, canEdit) => {
    expect(accountOf(user(patch))).toMatchObject({ scope, canEdit, owner: false })
  })
  it('calls an owner link’s token (role one, no email) an owner, named by the business', () => {
    expect(accountOf(user({ role: 'one', email: '', name: 'Riverbend Café', itemId: 4 }))).toEqual({
      name: 'Riverbend Café',
      role: 'one',
      scope: { kind: 'one', itemId: 4 },
      canEdit: true,
      owner: true,
    })
  })
  it('falls back to the email when there is no name', () => {
    expect(accountOf(user({ name: '' })).name).toBe('dana@duvall.test')
  })
})

describe('$account', () => {
  it('follows the stored token and ignores a bad or expired one', () => {
    keepMount($account)
    expect($account.get()).toBeNull()
    const exp = Math.floor(Date.now() / 1000) + 600
    $authToken.set(`${b64({ alg: 'HS256' })}.${b64({ EntityType: 4, cityName: 'Redmond', name: 'Ari', exp })}.sig`)
    expect($account.get()).toMatchObject({ name: 'Ari', role: 'area', scope: { kind: 'area', city: 'Redmond' } })
    $authToken.set(`${b64({ alg: 'HS256' })}.${b64({ EntityType: 1, exp: 1 })}.sig`)
    expect($account.get()).toBeNull()
  })
})
