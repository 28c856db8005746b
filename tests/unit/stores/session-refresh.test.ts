import { cleanTestStorage, setTestStorageKey } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Api } from '../../../src/lib/api/porchlight.ts'
import { session } from '../api/fixtures.ts'

const refresh = vi.fn<Api['auth']['refresh']>()
const logout = vi.fn<Api['auth']['logout']>()
vi.mock('../../../src/lib/stores/api.ts', () => ({
  api: { auth: { refresh: () => refresh(), logout: () => logout() } },
}))
const { refreshSession, restoreSession, signOut } = await import('../../../src/lib/stores/auth.ts')
const { $authToken, $editorAuth, REFRESH_LOCK } = await import('../../../src/lib/stores/session.ts')

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

describe('refresh across tabs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    refresh.mockReset()
    logout.mockReset().mockResolvedValue({ ok: true })
  })
  afterEach(() => {
    $authToken.set(null)
    $editorAuth.set(null)
    cleanTestStorage()
    vi.useRealTimers()
  })

  it('two timers firing together make one refresh call', async () => {
    $authToken.set(token({ EntityType: 1, exp: inSeconds(60) }))
    const fresh = token({ EntityType: 1, exp: inSeconds(3600) })
    refresh.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return session(fresh)
    })
    const both = Promise.all([refreshSession(), refreshSession()])
    await vi.advanceTimersByTimeAsync(100)
    expect(await both).toEqual([true, true])
    expect(refresh).toHaveBeenCalledOnce()
    expect($authToken.get()).toBe(fresh)
  })

  it('a tab that waited for another tab’s refresh takes its token instead of refreshing', async () => {
    $authToken.set(token({ EntityType: 1, exp: inSeconds(60) }))
    const fromOtherTab = token({ EntityType: 1, exp: inSeconds(3600), email: 'other@tab.org' })
    let release = (): void => undefined
    // The other tab holds the refresh lock while its call is on the way.
    const held = navigator.locks.request(REFRESH_LOCK, () => new Promise<void>((resolve) => (release = resolve)))
    await vi.advanceTimersByTimeAsync(0)
    const mine = refreshSession()
    await vi.advanceTimersByTimeAsync(10)
    // It stores the new token (the storage event reaches this tab), then lets go.
    setTestStorageKey('porchlight:token', JSON.stringify(fromOtherTab))
    release()
    await held
    expect(await mine).toBe(true)
    expect(refresh).not.toHaveBeenCalled()
    expect($authToken.get()).toBe(fromOtherTab)
  })

  it('sign-out waits for a refresh in another tab, then ends the session it stored', async () => {
    $authToken.set(token({ EntityType: 1, exp: inSeconds(60) }))
    let release = (): void => undefined
    const held = navigator.locks.request(REFRESH_LOCK, () => new Promise<void>((resolve) => (release = resolve)))
    await vi.advanceTimersByTimeAsync(0)
    const out = signOut()
    await vi.advanceTimersByTimeAsync(10)
    // Signed out here at once, but the server call waits for the lock.
    expect($authToken.get()).toBeNull()
    expect(logout).not.toHaveBeenCalled()
    // The other tab's refresh stores its new token, then lets go.
    setTestStorageKey('porchlight:token', JSON.stringify(token({ EntityType: 1, exp: inSeconds(3600) })))
    release()
    await held
    await out
    expect(logout).toHaveBeenCalledOnce()
    expect($authToken.get()).toBeNull()
    expect($editorAuth.get()).toBeNull()
  })

  it('a token good for longer than a timer can wait (2^31 ms, 24.8 days) is not refreshed at once', async () => {
    // setTimeout fires at once past 2^31 - 1 ms; the refresh then answered 401 and signed a valid session out.
    const long = token({ EntityType: 2, exp: inSeconds(60 * 86_400) })
    $authToken.set(long)
    refresh.mockResolvedValue(session(token({ EntityType: 2, exp: inSeconds(61 * 86_400) })))
    await restoreSession()
    await vi.advanceTimersByTimeAsync(1000)
    expect(refresh).not.toHaveBeenCalled()
    expect($authToken.get()).toBe(long)
    // Two minutes before it expires, one refresh.
    await vi.advanceTimersByTimeAsync(60 * 86_400_000 - 1000 - 110_000)
    expect(refresh).toHaveBeenCalledOnce()
  })
})
