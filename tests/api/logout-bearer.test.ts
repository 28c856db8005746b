// Sign-out with only the bearer token (an API client that never kept the refresh cookie): the token stops (issue 36).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

describe.each(await backends())('sign-out with a bearer token on $name', (backend) => {
  let api: Harness
  beforeAll(async () => {
    api = await startHarness(backend)
  })
  afterAll(() => api.close())

  it('ends the session the token names: the token no longer works, the user’s other sessions do', async () => {
    const { token, email } = await api.signIn('area', { cityName: 'Duvall' })
    const other = await api.send('POST', '/auth/email', { body: { email, password: api.PASSWORD } })
    expect((await api.send('GET', '/auth/me', { token })).status).toBe(200)
    expect((await api.send('POST', '/auth/logout', { token })).status).toBe(200)
    expect((await api.send('GET', '/auth/me', { token })).status).toBe(401)
    expect((await api.send('GET', '/auth/me', { token: other.body.token as string })).status).toBe(200)
  })

  it('ends nothing for a forged or someone else’s session id', async () => {
    const { token } = await api.signIn('area', { cityName: 'Duvall' })
    expect((await api.send('POST', '/auth/logout', { token: `${token.slice(0, -4)}AAAA` })).status).toBe(200)
    expect((await api.send('POST', '/auth/logout', { token: 'not.a.token' })).status).toBe(200)
    expect((await api.send('GET', '/auth/me', { token })).status).toBe(200)
  })
})
