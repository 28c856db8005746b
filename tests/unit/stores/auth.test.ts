import { cleanTestStorage } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type Api } from '../../../src/lib/api/porchlight.ts'
import { session } from '../api/fixtures.ts'

const refresh = vi.fn<Api['auth']['refresh']>()
const logout = vi.fn<Api['auth']['logout']>()
vi.mock('../../../src/lib/stores/api.ts', () => ({ api: { auth: { refresh: () => refresh(), logout: () => logout() } } }))
const { $currentUser, REFRESH_AHEAD_MS, restoreSession, signIn, signOut } = await import('../../../src/lib/stores/auth.ts')
const { $authToken, $editorAuth } = await import('../../../src/lib/stores/session.ts')

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

describe('session', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    refresh.mockReset()
    logout.mockReset().mockResolvedValue({ ok: true })
  })
  afterEach(() => {
    $authToken.set(null)
    $editorAuth.set(null)
    cleanTestStorage()
    vi.useRealTimers()
  })

  it('signs in: keeps the token and the nav’s view of the user', () => {
    signIn({ token: token({ EntityType: 1, exp: inSeconds(3600), email: 'a@b.org', name: 'Ann' }), user: {} as never })
    expect($currentUser.get()).toMatchObject({ role: 'admin', email: 'a@b.org' })
    expect($editorAuth.get()).toEqual({ role: 'admin', email: 'a@b.org', name: 'Ann' })
  })

  it('signs out here and on the server', async () => {
    signIn({ token: token({ EntityType: 1, exp: inSeconds(3600) }), user: {} as never })
    await signOut()
    expect($authToken.get()).toBeNull()
    expect($editorAuth.get()).toBeNull()
    expect(logout).toHaveBeenCalledOnce()
  })

  it('refreshes a little before the token expires', async () => {
    const fresh = token({ EntityType: 3, exp: inSeconds(7200) })
    refresh.mockResolvedValue(session(fresh))
    $authToken.set(token({ EntityType: 3, exp: inSeconds(600) }))
    await restoreSession()
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(600_000 - REFRESH_AHEAD_MS)
    expect(refresh).toHaveBeenCalledOnce()
    expect($authToken.get()).toBe(fresh)
  })

  it('removes an expired or malformed token, then tries the refresh cookie', async () => {
    refresh.mockRejectedValue(new ApiError(401, 'Failed to refresh token'))
    for (const stale of [token({ EntityType: 1, exp: inSeconds(-10) }), 'not-a-token']) {
      $authToken.set(stale)
      $editorAuth.set({ role: 'admin', email: '', name: '' })
      await restoreSession()
      expect($authToken.get()).toBeNull()
      expect($editorAuth.get()).toBeNull()
    }
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('keeps a valid session when the network fails during a refresh', async () => {
    const current = token({ EntityType: 1, exp: inSeconds(150) })
    $authToken.set(current)
    refresh.mockRejectedValue(new ApiError(0, 'Network error. Please check your connection.'))
    await restoreSession()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(refresh).toHaveBeenCalledOnce()
    expect($authToken.get()).toBe(current)
  })
})
