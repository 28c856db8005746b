// Anyone who knows an address can fill its sign-in backoff; the owner's way back in is the reset link, which proves
// the mailbox: after a reset the new password signs in at once (issue 36; before, 429 for the rest of the window).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

describe.each(await backends())('the account backoff and a reset on $name', (backend) => {
  let api: Harness
  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  beforeAll(async () => {
    api = await startHarness(backend, { TRUST_PROXY: '1' })
  })
  afterAll(() => api.close())

  it('lets the owner in with the new password right after a reset; the backoff then counts from zero', async () => {
    const { email } = await api.signIn('area', { cityName: 'Duvall' })
    for (let n = 1; n <= 20; n++)
      await api.send('POST', '/auth/email', { body: { email, password: `guess-${n}` }, headers: from(`192.0.2.${n}`) })
    const owner = from('203.0.113.5')
    const locked = await api.send('POST', '/auth/email', { body: { email, password: api.PASSWORD }, headers: owner })
    expect(locked.status).toBe(429)
    await api.send('POST', '/auth/forgot-password', { body: { email }, headers: owner })
    for (let waited = 0; !api.mails.length && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
    const token = api.mails.at(-1)!.text.match(/\/reset\/([\w-]+)/)![1]!
    const reset = await api.send('POST', '/auth/reset-password', {
      body: { token, password: 'a brand new password' },
      headers: owner,
    })
    expect(reset.status).toBe(200)
    const after = await api.send('POST', '/auth/email', { body: { email, password: 'a brand new password' }, headers: owner })
    expect(after.status).toBe(200)
    // The backoff counts again from zero: the attacker gets 20 more failures, not the account.
    const statuses = []
    for (let n = 21; n <= 41; n++)
      statuses.push(
        (await api.send('POST', '/auth/email', { body: { email, password: `guess-${n}` }, headers: from(`192.0.2.${n}`) }))
          .status,
      )
    expect(statuses.filter((status) => status === 401)).toHaveLength(20)
    expect(statuses.at(-1)).toBe(429)
  })
})
