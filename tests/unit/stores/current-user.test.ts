import { cleanTestStorage } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $currentUser } from '../../../src/lib/stores/current-user.ts'
import { $authToken } from '../../../src/lib/stores/session.ts'

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

describe('$currentUser', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
  })
  afterEach(() => {
    $authToken.set(null)
    cleanTestStorage()
    vi.useRealTimers()
  })

  it('turns null when the token expires, without a new token', () => {
    const seen: (string | null)[] = []
    const stop = $currentUser.subscribe((user) => seen.push(user?.role ?? null))
    $authToken.set(token({ EntityType: 1, exp: inSeconds(90) }))
    expect($currentUser.get()).toMatchObject({ role: 'admin' })
    vi.advanceTimersByTime(89_000)
    expect($currentUser.get()).toMatchObject({ role: 'admin' })
    vi.advanceTimersByTime(1_001)
    expect($currentUser.get()).toBeNull()
    expect(seen).toEqual([null, 'admin', null])
    stop()
  })

  it('follows a new token and forgets the old expiry', () => {
    const stop = $currentUser.listen(() => {})
    $authToken.set(token({ EntityType: 1, exp: inSeconds(60) }))
    $authToken.set(token({ EntityType: 3, exp: inSeconds(600) }))
    vi.advanceTimersByTime(61_000)
    expect($currentUser.get()).toMatchObject({ role: 'superadmin' })
    vi.advanceTimersByTime(540_000)
    expect($currentUser.get()).toBeNull()
    stop()
  })

  it('waits again for an expiry beyond setTimeout’s range', () => {
    const stop = $currentUser.listen(() => {})
    $authToken.set(token({ EntityType: 1, exp: inSeconds(40 * 86_400) }))
    vi.advanceTimersByTime(30 * 86_400_000)
    expect($currentUser.get()).toMatchObject({ role: 'admin' })
    vi.advanceTimersByTime(10 * 86_400_000 + 1_000)
    expect($currentUser.get()).toBeNull()
    stop()
  })

  it('is null for an expired, malformed or absent token, also when nothing listens', () => {
    $authToken.set(token({ EntityType: 1, exp: inSeconds(-1) }))
    expect($currentUser.get()).toBeNull()
    $authToken.set('a.b.c')
    expect($currentUser.get()).toBeNull()
    $authToken.set(null)
    expect($currentUser.get()).toBeNull()
  })
})
