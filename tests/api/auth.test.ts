import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app.ts'
import { createMicroCache } from '../../server/lib/micro-cache.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'
import { startOAuthFake } from './oauth-fake.ts'

const cookieOf = (setCookie: string | null) => setCookie?.split(';')[0] ?? ''
/** Waits for work done after the answer (the reset mail), up to 2 s. */
const eventually = async (done: () => boolean) => {
  for (let tries = 0; tries < 200 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe.each(await backends())('auth on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startOAuthFake>>
  beforeAll(async () => {
    fake = await startOAuthFake()
    api = await startHarness(backend, fake.env)
  })
  afterAll(async () => {
    await api.close()
    await fake.close()
  })

  it('signs in by email: token with EntityType, refresh cookie, SPEC errors', async () => {
    const { token, cookie, email } = await api.signIn('superadmin')
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ EntityType: 3, role: 'superadmin', email })
    expect(cookie).toMatch(/porchlight_refresh=.+; .*HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect((await api.send('GET', '/auth/me', { token })).body).toMatchObject({ email, role: 3, roleName: 'superadmin' })
    expect((await api.send('POST', '/auth/email', { body: { email } })).body).toEqual({
      error: 'Email and password are required',
      code: 'credentials_required',
    })
    expect(await api.send('POST', '/auth/email', { body: { email, password: 'wrong password' } })).toMatchObject({
      status: 401,
      body: { error: 'Invalid email or password' },
    })
    expect((await api.send('POST', '/auth/email', { body: { email: 'nobody@example.org', password: 'whatever1' } })).status).toBe(
      401,
    )
    expect((await api.send('GET', '/auth/me')).status).toBe(401)
  })

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const { cookie } = await api.signIn('admin')
    const first = cookieOf(cookie)
    const refreshed = await api.send('POST', '/auth/refresh', { headers: { cookie: first } })
    expect(refreshed.status).toBe(200)
    const second = cookieOf(refreshed.headers.get('set-cookie'))
    expect(second).not.toBe(first)
    // Past the grace window for tabs refreshing together (tests/api/sessions.test.ts).
    api.clock.now = new Date(api.clock.now.getTime() + 60_000)
    expect(await api.send('POST', '/auth/refresh', { headers: { cookie: first } })).toMatchObject({
      status: 401,
      body: { error: 'Failed to refresh token' },
    })
    // The stolen first token was replayed, so the second is revoked too.
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: second } })).status).toBe(401)
    expect((await api.send('POST', '/auth/refresh')).status).toBe(401)
  })

  it('logs out by revoking the refresh token', async () => {
    const { token, cookie } = await api.signIn('page', { pageName: 'wa/duvall' })
    const out = await api.send('POST', '/auth/logout', { token, headers: { cookie: cookieOf(cookie) } })
    expect(out.body).toEqual({ ok: true })
    expect(out.headers.get('set-cookie')).toMatch(/porchlight_refresh=;/)
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(cookie) } })).status).toBe(401)
  })

  it('resets a password with a single-use, expiring link and the same answer for unknown addresses', async () => {
    const { email, cookie } = await api.signIn('area', { cityName: 'Duvall' })
    const known = await api.send('POST', '/auth/forgot-password', { body: { email } })
    const unknown = await api.send('POST', '/auth/forgot-password', { body: { email: 'ghost@example.org' } })
    expect(known.body).toEqual(unknown.body)
    await eventually(() => api.mails.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.mails).toHaveLength(1)
    const token = api.mails[0]!.text.match(/\/reset\/([\w-]+)/)![1]!
    expect(api.mails[0]!.text).toContain(`http://localhost:4321/reset/${token}`)
    expect((await api.send('POST', '/auth/reset-password', { body: { token, password: 'short' } })).body).toEqual({
      error: 'Password must be at least 8 characters',
      code: 'password_short',
    })
    expect((await api.send('POST', '/auth/reset-password', { body: { password: 'long enough' } })).body).toEqual({
      error: 'Invalid or missing reset token',
      code: 'reset_token_invalid',
    })
    expect((await api.send('POST', '/auth/reset-password', { body: { token, password: 'a new password' } })).status).toBe(200)
    expect((await api.send('POST', '/auth/reset-password', { body: { token, password: 'again password' } })).status).toBe(400)
    expect((await api.send('POST', '/auth/email', { body: { email, password: 'a new password' } })).status).toBe(200)
    // Every old session ends with the reset.
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(cookie) } })).status).toBe(401)

    await api.send('POST', '/auth/forgot-password', { body: { email } })
    await eventually(() => api.mails.length > 1)
    const late = api.mails.at(-1)!.text.match(/\/reset\/([\w-]+)/)![1]!
    api.clock.now = new Date(api.clock.now.getTime() + 61 * 60_000)
    expect((await api.send('POST', '/auth/reset-password', { body: { token: late, password: 'too late now' } })).status).toBe(400)
  })

  it('limits sign-in attempts', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (await api.send('POST', '/auth/email', { body: { email: 'target@example.org', password: `guess-${attempt}` } })).status,
      )
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    const limited = await api.send('POST', '/auth/email', { body: { email: 'target@example.org', password: 'guess' } })
    expect(limited).toMatchObject({ status: 429, body: { error: 'Too many attempts. Please try again later.' } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('signs in with Google only for a valid ID token of this client', async () => {
    const ok = await api.send('POST', '/auth/google', { body: { credential: await fake.googleToken({}) } })
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({ email: 'ana@example.org', provider: 'google', roleName: 'none' })
    for (const credential of [
      await fake.googleToken({}, 'someone-else'),
      await fake.googleToken({ email_verified: false }),
      'not-a-jwt',
    ]) {
      expect(await api.send('POST', '/auth/google', { body: { credential } })).toMatchObject({
        status: 401,
        body: { error: 'Google authentication failed' },
      })
    }
  })

  it('signs in with GitHub by code and token, with the primary verified email', async () => {
    const exchanged = await api.send('POST', '/auth/github/token', { body: { code: 'good' } })
    expect(exchanged.body).toEqual({ accessToken: 'gho_good' })
    expect((await api.send('POST', '/auth/github/token', { body: { code: 'bad' } })).body).toEqual({
      error: 'Failed to exchange GitHub code for token',
      code: 'github_code_failed',
    })
    const signedIn = await api.send('POST', '/auth/github', { body: { accessToken: 'gho_good' } })
    expect(signedIn.body.user).toMatchObject({ email: 'octo@example.org', name: 'Octo Cat', provider: 'github' })
    expect((await api.send('POST', '/auth/github', { body: { accessToken: 'gho_bad' } })).body).toEqual({
      error: 'GitHub authentication failed',
      code: 'github_failed',
    })
  })

  it('finishes OAuth callbacks and names an unsupported provider', async () => {
    expect((await api.send('POST', '/auth/callback/github', { body: { code: 'good' } })).body.user.email).toBe('octo@example.org')
    expect((await api.send('POST', '/auth/callback/google', { body: { code: 'good' } })).body.user.email).toBe('gail@example.org')
    expect((await api.send('POST', '/auth/callback/google', { body: { code: 'bad' } })).body).toEqual({
      error: 'OAuth callback failed',
      code: 'callback_failed',
    })
    expect((await api.send('POST', '/auth/callback/myspace', { body: { code: 'x' } })).body).toEqual({
      error: 'Unsupported provider: myspace',
      code: 'unsupported_provider',
      params: { provider: 'myspace' },
    })
  })

  it('refuses forged, expired and wrongly signed tokens', async () => {
    const { token } = await api.signIn('admin')
    const [head, body] = token.split('.')
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString())
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, EntityType: 3 })).toString('base64url')}.${token.split('.')[2]}`
    expect((await api.send('GET', '/auth/me', { token: forged })).status).toBe(401)
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`
    expect((await api.send('GET', '/auth/me', { token: none })).status).toBe(401)
    api.clock.now = new Date(api.clock.now.getTime() + 2 * 3600_000)
    expect((await api.send('GET', '/auth/me', { token })).status).toBe(401)
  })

  it('refuses a correctly signed token without an expiry', async () => {
    const { token } = await api.signIn('admin')
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    delete claims.exp
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(api.config.jwtSecret)
    expect((await api.send('GET', '/auth/me', { token: forever })).status).toBe(401)
  })

  it('takes query credentials only on the SPEC calls that define them', async () => {
    const { token } = await api.signIn('superadmin')
    const id = (await api.send('POST', '/items', { token, body: duvallItem() })).body.id
    const q = encodeURIComponent(token)
    expect((await api.send('GET', `/api/manage/${id}?t=${q}`)).status).toBe(200)
    expect((await api.send('GET', `/api/manage/${id}/unlock?t=${q}`)).status).toBe(200)
    expect((await api.send('GET', `/api/editzzz/${id}?h=${q}`)).status).toBe(200)
    expect((await api.send('GET', `/api/editzzz/${id}/lock?h=${q}`)).status).toBe(200)
    // The other parameter, and every other route, ignore query credentials.
    expect((await api.send('GET', `/api/manage/${id}?h=${q}`)).status).toBe(401)
    expect((await api.send('GET', `/api/editzzz/${id}?t=${q}`)).status).toBe(401)
    for (const path of ['/auth/me', '/admin/users', `/items/${id}/edit-key`])
      for (const name of ['t', 'h']) {
        const method = path.endsWith('edit-key') ? 'POST' : 'GET'
        expect((await api.send(method, `${path}?${name}=${q}`)).status, `${method} ${path}?${name}`).toBe(401)
      }
  })

  it('spends the same password-check time on accounts without a password', async () => {
    const admin = await api.signIn('admin')
    const { email: withPassword } = await api.signIn('page', { pageName: 'wa/duvall' })
    const invited = 'invited-no-password@example.org'
    await api.send('POST', '/admin/users', { token: admin.token, body: { email: invited, role: 'area', cityName: 'Duvall' } })
    const fastest = async (email: string) => {
      let best = Infinity
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now()
        expect((await api.send('POST', '/auth/email', { body: { email, password: `wrong-${attempt}` } })).status).toBe(401)
        best = Math.min(best, performance.now() - started)
      }
      return best
    }
    // An argon2 check takes tens of milliseconds; skipping it took 3-10 ms.
    expect(await fastest(invited)).toBeGreaterThan((await fastest(withPassword)) * 0.5)
  })

  it('answers forgot-password before the mail goes, and logs a failed mail', async () => {
    const { email } = await api.signIn('area', { cityName: 'Duvall' })
    let release: (() => void) | null = null
    const sent: string[] = []
    const slow = createApp({
      ...{ store: api.store, config: api.config, now: () => api.clock.now, reactionCache: createMicroCache(0, 1) },
      mailer: {
        send: (mail) =>
          new Promise<void>((resolve, reject) => {
            release = () => (mail.to === email ? (sent.push(mail.to), resolve()) : reject(new Error('mail down')))
          }),
      },
    })
    const ask = (address: string) =>
      slow.request('/auth/forgot-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      })
    const known = await Promise.race([ask(email), new Promise((resolve) => setTimeout(() => resolve('waited'), 2000))])
    expect(known).toBeInstanceOf(Response)
    expect((known as Response).status).toBe(200)
    await eventually(() => release !== null)
    release!()
    await eventually(() => sent.length > 0)
    expect(sent).toEqual([email])
    // A mail that fails is logged (without the link), not answered.
    const { email: other } = await api.signIn('area', { cityName: 'Duvall' })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    release = null
    expect((await ask(other)).status).toBe(200)
    await eventually(() => release !== null)
    release!()
    await eventually(() => logged.mock.calls.length > 0)
    expect(logged).toHaveBeenCalledWith('forgot-password: mail failed:', 'mail down')
    logged.mockRestore()
  })
})
