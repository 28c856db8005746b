import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const TOO_MANY = { status: 429, body: { error: 'Too many attempts. Please try again later.' } }

describe.each(await backends())('rate limits on $name', (backend) => {
  describe.each([
    ['1', []],
    ['2', ['198.51.100.9']],
  ])('behind TRUST_PROXY=%s', (hops, proxies) => {
    let api: Harness
    beforeAll(async () => {
      api = await startHarness(backend, { TRUST_PROXY: hops })
    })
    afterAll(() => api.close())

    it('counts the address the trusted hops saw, not the one the client wrote', async () => {
      const statuses: number[] = []
      let last: unknown = null
      for (let attempt = 0; attempt < 11; attempt++) {
        // The client writes its own left-most hop; the proxies append what they saw.
        const forwarded = [`10.0.0.${attempt}`, '203.0.113.7', ...proxies].join(', ')
        const sent = await api.send('POST', '/auth/email', {
          body: { email: `hops-${hops}@example.org`, password: `guess-${attempt}` },
          headers: { 'x-forwarded-for': forwarded },
        })
        statuses.push(sent.status)
        last = sent
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
      expect(last).toMatchObject(TOO_MANY)
      // Another real client behind the same proxies is not affected.
      const other = [`10.0.0.1`, '203.0.113.8', ...proxies].join(', ')
      expect(
        (
          await api.send('POST', '/auth/email', {
            body: { email: `other-${hops}@example.org`, password: 'guess' },
            headers: { 'x-forwarded-for': other },
          })
        ).status,
      ).toBe(401)
    })
  })
})
