// The sign-in pages' store against a mocked API and page: checks made before any call, the session
// kept on success and the move to the editor, failures in the words the forms translate.
import { cleanTestStorage } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type Api } from '../../../src/lib/api/porchlight.ts'
import { forgotAnswer, session } from '../api/fixtures.ts'

// Typed as the client's own calls: a mock answering another shape than the API's fails type checking.
const auth = {
  email: vi.fn<Api['auth']['email']>(),
  google: vi.fn<Api['auth']['google']>(),
  callback: vi.fn<Api['auth']['callback']>(),
  forgotPassword: vi.fn<Api['auth']['forgotPassword']>(),
  resetPassword: vi.fn<Api['auth']['resetPassword']>(),
}
vi.mock('../../../src/lib/stores/api.ts', () => ({ api: { auth } }))
const m = await import('../../../src/lib/stores/sign-in.ts')
const { $authToken, $editorAuth } = await import('../../../src/lib/stores/session.ts')

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ EntityType: 1, email: 'a@b.org', exp: Date.now() / 1000 + 3600 })}.sig`
const page = { assign: vi.fn<(url: string) => void>(), search: '', pathname: '/es/auth/callback' }

beforeEach(() => {
  Object.values(auth).forEach((fn) => fn.mockReset())
  page.assign.mockReset()
  vi.stubGlobal('location', page)
  vi.stubGlobal('document', { documentElement: { lang: 'es' } })
  m.$loginMode.set('signIn')
  m.$loginStatus.set({ state: 'idle' })
  m.$resetStatus.set({ state: 'idle' })
})
afterEach(() => {
  $authToken.set(null)
  $editorAuth.set(null)
  cleanTestStorage()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('email sign-in', () => {
  it('asks for both fields before calling the API', async () => {
    await m.submitLogin('  ', 'secret')
    expect(m.$loginStatus.get()).toEqual({ state: 'error', failure: { key: 'login.required' } })
    expect(auth.email).not.toHaveBeenCalled()
  })
  it('keeps the session and goes to the editor in the page’s language', async () => {
    auth.email.mockResolvedValue(session(TOKEN))
    const pending = m.submitLogin(' a@b.org ', 'secret')
    expect(m.$loginStatus.get()).toEqual({ state: 'busy' })
    await pending
    expect(auth.email).toHaveBeenCalledWith('a@b.org', 'secret')
    expect($authToken.get()).toBe(TOKEN)
    expect($editorAuth.get()).toMatchObject({ role: 'admin', email: 'a@b.org' })
    expect(page.assign).toHaveBeenCalledWith('/es/editor')
  })
  it('shows the server’s reason, or the SPEC’s text', async () => {
    auth.email
      .mockRejectedValueOnce(new ApiError(401, 'Invalid email or password', [{ code: 'invalid_login' }]))
      .mockRejectedValueOnce('offline')
      .mockRejectedValueOnce(new ApiError(401, 'Account locked', null))
    await m.submitLogin('a@b.org', 'x')
    expect(m.$loginStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'invalid_login' }] } })
    await m.submitLogin('a@b.org', 'x')
    expect(m.$loginStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'email_login_failed' }] } })
    // A server's words without a code this client knows are kept as they came.
    await m.submitLogin('a@b.org', 'x')
    expect(m.$loginStatus.get()).toEqual({ state: 'error', failure: { message: 'Account locked' } })
    expect($authToken.get()).toBeNull()
  })
  it('in forgot mode sends the reset mail; switching modes forgets the outcome', async () => {
    m.toggleLoginMode()
    // The server's real answer carries an English sentence; the page must say it in its own language instead.
    auth.forgotPassword.mockResolvedValueOnce(forgotAnswer).mockRejectedValueOnce(new Error(''))
    await m.submitLogin(' a@b.org ', '')
    expect(auth.forgotPassword).toHaveBeenCalledWith('a@b.org')
    expect(m.$loginStatus.get()).toEqual({ state: 'sent' })
    await m.submitLogin('a@b.org', '')
    expect(m.$loginStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'reset_email_failed' }] } })
    m.toggleLoginMode()
    expect([m.$loginMode.get(), m.$loginStatus.get()]).toEqual(['signIn', { state: 'idle' }])
  })
})

describe('Google and GitHub', () => {
  it('signs in with Google’s credential, or says it failed', async () => {
    auth.google.mockRejectedValueOnce(new Error('')).mockResolvedValueOnce(session(TOKEN))
    await m.signInWithGoogle('cred')
    expect(m.$googleStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'google_failed' }] } })
    await m.signInWithGoogle('cred')
    expect(auth.google).toHaveBeenLastCalledWith('cred')
    expect(page.assign).toHaveBeenCalledWith('/es/editor')
    m.googleUnavailable()
    expect(m.$googleStatus.get()).toMatchObject({ state: 'error' })
    m.resetGoogle()
    expect(m.$googleStatus.get()).toEqual({ state: 'idle' })
  })
  it('refuses a GitHub return whose state was not stored here', async () => {
    vi.stubGlobal('sessionStorage', { getItem: () => null, removeItem: () => undefined })
    page.search = '?code=c&state=s'
    await m.completeGithubSignIn()
    expect(m.$callbackError.get()).toEqual({ problems: [{ code: 'csrf_state' }] })
    expect(auth.callback).not.toHaveBeenCalled()
  })
  it('exchanges the code once, dropping it from the address bar', async () => {
    vi.stubGlobal('sessionStorage', { getItem: () => 's', removeItem: () => undefined })
    const replaceState = vi.fn()
    vi.stubGlobal('history', { replaceState })
    page.search = '?code=c&state=s'
    auth.callback.mockResolvedValue(session(TOKEN))
    m.$callbackError.set(null)
    await m.completeGithubSignIn()
    expect(replaceState).toHaveBeenCalledWith(null, '', '/es/auth/callback')
    expect(auth.callback).toHaveBeenCalledWith('github', 'c')
    expect(page.assign).toHaveBeenCalledWith('/es/editor')
    auth.callback.mockRejectedValue(new Error(''))
    await m.completeGithubSignIn()
    expect(m.$callbackError.get()).toEqual({ problems: [{ code: 'callback_failed' }] })
  })
})

describe('new password', () => {
  it.each([
    [null, 'longenough', 'longenough', 'reset.missing'],
    ['t', 'longenough', 'different1', 'reset.mismatch'],
    ['t', 'short', 'short', 'reset.short'],
  ] as const)('token %j, %s / %s: %s', async (token, password, confirm, key) => {
    await m.submitNewPassword(token, password, confirm)
    expect(m.$resetStatus.get()).toEqual({ state: 'error', failure: { key } })
    expect(auth.resetPassword).not.toHaveBeenCalled()
  })
  it('sets it, then goes to settings after a moment', async () => {
    vi.useFakeTimers()
    auth.resetPassword.mockResolvedValue({ ok: true })
    await m.submitNewPassword('tok', 'longenough', 'longenough')
    expect(auth.resetPassword).toHaveBeenCalledWith('tok', 'longenough')
    expect(m.$resetStatus.get()).toEqual({ state: 'done' })
    vi.advanceTimersByTime(m.RESET_REDIRECT_MS - 1)
    expect(page.assign).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(page.assign).toHaveBeenCalledWith('/es/settings')
  })
  it('says why the reset failed', async () => {
    auth.resetPassword.mockRejectedValue('boom')
    await m.submitNewPassword('tok', 'longenough', 'longenough')
    expect(m.$resetStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'reset_failed' }] } })
  })
})
