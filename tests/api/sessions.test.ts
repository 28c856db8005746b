import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneSessions } from '../../server/db/queries/sessions.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const cookieOf = (setCookie: string | null) => setCookie?.split(';')[0] ?? ''

describe.each(await backends())('session revocation on $name', (backend) => {
  let api: Harness
  beforeAll(async () => {
    api = await startHarness(backend)
  })
  afterAll(() => api.close())

  const resetLink = async (email: string) => {
    const before = api.mails.length
    await api.send('POST', '/auth/forgot-password', { body: { email } })
    // The mail leaves after the answer.
    for (let tries = 0; tries < 200 && api.mails.length === before; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    return api.mails
      .filter((mail) => mail.to === email)
      .at(-1)!
      .text.match(/\/reset\/([\w-]+)/)![1]!
  }

  it('spending a reset link voids the user’s other links and earlier access tokens', async () => {
    const { email, token } = await api.signIn('admin')
    const first = await resetLink(email)
    const second = await resetLink(email)
    expect(first).not.toBe(second)
    expect((await api.send('POST', '/auth/reset-password', { body: { token: second, password: 'a new password' } })).status).toBe(
      200,
    )
    expect(
      await api.send('POST', '/auth/reset-password', { body: { token: first, password: 'another password' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Invalid or missing reset token' },
    })
    expect(await api.send('GET', '/auth/me', { token })).toMatchObject({ status: 401 })
    expect((await api.send('GET', '/admin/users', { token })).status).toBe(401)
    const again = await api.send('POST', '/auth/email', { body: { email, password: 'a new password' } })
    expect((await api.send('GET', '/auth/me', { token: again.body.token })).status).toBe(200)
  })

  it('signs out everywhere: access tokens and refresh cookies of every device end', async () => {
    const { email, token, cookie } = await api.signIn('page', { pageName: 'wa/duvall' })
    const other = await api.send('POST', '/auth/email', { body: { email, password: api.PASSWORD } })
    const out = await api.send('POST', '/auth/logout-all', { token: other.body.token })
    expect(out).toMatchObject({ status: 200, body: { ok: true } })
    expect(out.headers.get('set-cookie')).toMatch(/porchlight_refresh=;/)
    for (const old of [token, other.body.token]) expect((await api.send('GET', '/auth/me', { token: old })).status).toBe(401)
    for (const jar of [cookieOf(cookie), cookieOf(other.headers.get('set-cookie'))])
      expect((await api.send('POST', '/auth/refresh', { headers: { cookie: jar } })).status).toBe(401)
    expect(await api.send('POST', '/auth/logout-all')).toMatchObject({ status: 401, body: { error: 'Not signed in' } })
  })

  it('a role change ends the user’s earlier access tokens, not their session', async () => {
    const admin = await api.signIn('admin')
    const user = await api.signIn('none')
    await api.send('POST', `/admin/users/${user.userId}/role`, { token: admin.token, body: { role: 'area', cityName: 'Duvall' } })
    expect((await api.send('GET', '/auth/me', { token: user.token })).status).toBe(401)
    const refreshed = await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(user.cookie) } })
    expect(refreshed.status).toBe(200)
    expect((await api.send('GET', '/auth/me', { token: refreshed.body.token })).body.roleName).toBe('area')
  })

  it('two refreshes at once both get the same successor; a replay after the grace window revokes the family', async () => {
    const { cookie } = await api.signIn('admin')
    const first = cookieOf(cookie)
    const [one, two] = await Promise.all([
      api.send('POST', '/auth/refresh', { headers: { cookie: first } }),
      api.send('POST', '/auth/refresh', { headers: { cookie: first } }),
    ])
    expect([one.status, two.status]).toEqual([200, 200])
    const successor = cookieOf(one.headers.get('set-cookie'))
    expect(successor).not.toBe(first)
    expect(cookieOf(two.headers.get('set-cookie'))).toBe(successor)
    expect(two.headers.get('set-cookie')).toBe(one.headers.get('set-cookie'))
    // A tab that comes a little later still takes the same successor.
    api.clock.now = new Date(api.clock.now.getTime() + 20_000)
    const late = await api.send('POST', '/auth/refresh', { headers: { cookie: first } })
    expect(cookieOf(late.headers.get('set-cookie'))).toBe(successor)
    // The successor itself works and rotates on.
    const next = await api.send('POST', '/auth/refresh', { headers: { cookie: successor } })
    expect(next.status).toBe(200)
    const third = cookieOf(next.headers.get('set-cookie'))
    // Outside the grace window the old token is a replay: the whole family ends.
    api.clock.now = new Date(api.clock.now.getTime() + 31_000)
    expect(await api.send('POST', '/auth/refresh', { headers: { cookie: first } })).toMatchObject({
      status: 401,
      body: { error: 'Failed to refresh token' },
    })
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: third } })).status).toBe(401)
  })

  it('gives no grace to a token that was signed out', async () => {
    const { cookie } = await api.signIn('admin')
    const first = cookieOf(cookie)
    const refreshed = await api.send('POST', '/auth/refresh', { headers: { cookie: first } })
    await api.send('POST', '/auth/logout', { headers: { cookie: cookieOf(refreshed.headers.get('set-cookie')) } })
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: first } })).status).toBe(401)
  })

  it('a refresh arriving after sign-out is refused, not taken for theft: the user’s other devices keep working', async () => {
    const phone = await api.signIn('admin')
    const laptop = await api.send('POST', '/auth/email', { body: { email: phone.email, password: api.PASSWORD } })
    const phoneCookie = cookieOf(phone.cookie)
    expect((await api.send('POST', '/auth/logout', { headers: { cookie: phoneCookie } })).status).toBe(200)
    // Long after any grace window, the phone's cookie comes back (a tab that missed the sign-out).
    api.clock.now = new Date(api.clock.now.getTime() + 120_000)
    expect(await api.send('POST', '/auth/refresh', { headers: { cookie: phoneCookie } })).toMatchObject({
      status: 401,
      body: { error: 'Failed to refresh token' },
    })
    expect((await api.send('GET', '/auth/me', { token: laptop.body.token })).status).toBe(200)
    const next = await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(laptop.headers.get('set-cookie')) } })
    expect(next.status).toBe(200)
    expect((await api.send('GET', '/auth/me', { token: next.body.token })).status).toBe(200)
  })

  it('a refresh after sign out everywhere is refused without ending a session started since', async () => {
    const old = await api.signIn('admin')
    await api.send('POST', '/auth/logout-all', { token: old.token })
    const fresh = await api.send('POST', '/auth/email', { body: { email: old.email, password: api.PASSWORD } })
    api.clock.now = new Date(api.clock.now.getTime() + 120_000)
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(old.cookie) } })).status).toBe(401)
    expect(
      (await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(fresh.headers.get('set-cookie')) } })).status,
    ).toBe(200)
  })

  it('a sign-out presenting the previous cookie after a rotation ends the successor too', async () => {
    const { cookie } = await api.signIn('admin')
    const first = cookieOf(cookie)
    const rotated = await api.send('POST', '/auth/refresh', { headers: { cookie: first } })
    const successor = cookieOf(rotated.headers.get('set-cookie'))
    for (const wait of [0, 60_000]) {
      api.clock.now = new Date(api.clock.now.getTime() + wait)
      expect((await api.send('POST', '/auth/logout', { headers: { cookie: first } })).status).toBe(200)
    }
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: successor } })).status).toBe(401)
    expect((await api.send('GET', '/auth/me', { token: rotated.body.token })).status).toBe(401)
  })

  it('a sign-out inside the grace window ends the successor the other tab just got', async () => {
    const { cookie } = await api.signIn('admin')
    const first = cookieOf(cookie)
    const rotated = await api.send('POST', '/auth/refresh', { headers: { cookie: first } })
    await api.send('POST', '/auth/logout', { headers: { cookie: first } })
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: first } })).status).toBe(401)
    expect(
      (await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(rotated.headers.get('set-cookie')) } })).status,
    ).toBe(401)
  })

  it('a plain sign-out ends that session’s access tokens at once, and only that session’s', async () => {
    const here = await api.signIn('admin')
    const there = await api.send('POST', '/auth/email', { body: { email: here.email, password: api.PASSWORD } })
    expect((await api.send('GET', '/auth/me', { token: here.token })).status).toBe(200)
    expect((await api.send('POST', '/auth/logout', { headers: { cookie: cookieOf(here.cookie) } })).status).toBe(200)
    expect(await api.send('GET', '/auth/me', { token: here.token })).toMatchObject({
      status: 401,
      body: { error: 'Not signed in' },
    })
    expect((await api.send('GET', '/admin/users', { token: here.token })).status).toBe(401)
    expect((await api.send('GET', '/auth/me', { token: there.body.token })).status).toBe(200)
  })

  it('a theft (a rotated cookie replayed late) ends every session’s access tokens too', async () => {
    const phone = await api.signIn('admin')
    const laptop = await api.send('POST', '/auth/email', { body: { email: phone.email, password: api.PASSWORD } })
    const first = cookieOf(phone.cookie)
    await api.send('POST', '/auth/refresh', { headers: { cookie: first } })
    api.clock.now = new Date(api.clock.now.getTime() + 60_000)
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: first } })).status).toBe(401)
    expect((await api.send('GET', '/auth/me', { token: laptop.body.token })).status).toBe(401)
    expect(
      (await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(laptop.headers.get('set-cookie')) } })).status,
    ).toBe(401)
  })

  it('pruning drops a session with its last refresh token and keeps the ones still running', async () => {
    const gone = await api.signIn('admin')
    const kept = await api.signIn('admin')
    const sessionOf = (userId: number) =>
      api.store.db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirst()
    const later = new Date(api.clock.now.getTime() + 40 * 86_400_000)
    await api.store.db
      .updateTable('refresh_tokens')
      .set({ expires_at: later.toISOString() })
      .where('user_id', '=', kept.userId)
      .execute()
    await pruneSessions(api.store.db, new Date(api.clock.now.getTime() + 31 * 86_400_000).toISOString())
    expect(await sessionOf(gone.userId)).toBeUndefined()
    expect(await sessionOf(kept.userId)).toBeDefined()
  })

  it('records why each refresh token was revoked', async () => {
    const { cookie, userId } = await api.signIn('admin')
    const rotated = await api.send('POST', '/auth/refresh', { headers: { cookie: cookieOf(cookie) } })
    await api.send('POST', '/auth/logout', { headers: { cookie: cookieOf(rotated.headers.get('set-cookie')) } })
    const reasons = await api.store.db
      .selectFrom('refresh_tokens')
      .select('revoked_reason')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
    expect(reasons.map((row) => row.revoked_reason)).toEqual(['rotated', 'logout'])
  })
})

describe.each(await backends())('the refresh cookie’s Secure flag on $name', (backend) => {
  const cookieFor = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const api = await startHarness(backend, env)
    try {
      const { email } = await api.signIn('admin')
      const answer = await api.send('POST', '/auth/email', { body: { email, password: api.PASSWORD }, headers })
      return answer.headers.get('set-cookie') ?? ''
    } finally {
      await api.close()
    }
  }

  it('is set behind a trusted TLS proxy and always in production', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    expect(await cookieFor({ TRUST_PROXY: '1' }, https)).toMatch(/;\s*Secure/i)
    expect(await cookieFor({ NODE_ENV: 'production' })).toMatch(/;\s*Secure/i)
    expect(await cookieFor({ SITE_URL: 'https://porchlight.example' })).toMatch(/;\s*Secure/i)
    // Without a trusted proxy the header is the client's word; local http stays usable.
    expect(await cookieFor({}, https)).not.toMatch(/Secure/i)
    expect(await cookieFor({})).not.toMatch(/Secure/i)
  })
})
