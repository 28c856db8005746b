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

  describe('per source and per account', () => {
    let api: Harness
    beforeAll(async () => {
      api = await startHarness(backend, { TRUST_PROXY: '1' })
    })
    afterAll(() => api.close())
    const from = (ip: string) => ({ 'x-forwarded-for': ip })

    it('an attacker using up reset requests does not block the owner’s own address', async () => {
      const { email } = await api.signIn('admin')
      const attacker = async () =>
        (await api.send('POST', '/auth/forgot-password', { body: { email }, headers: from('198.51.100.66') })).status
      const statuses = []
      for (let attempt = 0; attempt < 6; attempt++) statuses.push(await attacker())
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
      expect((await api.send('POST', '/auth/forgot-password', { body: { email }, headers: from('203.0.113.20') })).status).toBe(
        200,
      )
    })

    it('counts IPv6 clients by their /64', async () => {
      const statuses = []
      for (let host = 1; host <= 11; host++) {
        const sent = await api.send('POST', '/auth/email', {
          body: { email: 'six@example.org', password: `guess-${host}` },
          headers: from(`2001:db8:1:2::${host.toString(16)}`),
        })
        statuses.push(sent.status)
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
      expect(statuses[10]).toBe(429)
      // Another /64 is another client.
      const other = await api.send('POST', '/auth/email', {
        body: { email: 'six@example.org', password: 'guess' },
        headers: from('2001:db8:1:3::1'),
      })
      expect(other.status).toBe(401)
    })

    it('backs an account off after failures from many addresses', async () => {
      const { email } = await api.signIn('area', { cityName: 'Duvall' })
      const statuses = []
      for (let attempt = 0; attempt < 21; attempt++) {
        const sent = await api.send('POST', '/auth/email', {
          body: { email, password: `guess-${attempt}` },
          headers: from(`192.0.2.${attempt + 1}`),
        })
        statuses.push(sent.status)
      }
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
      expect(statuses[20]).toBe(429)
      // The wait grows: after the first window the account gets a few more tries, then a longer wait.
      api.clock.now = new Date(api.clock.now.getTime() + 15 * 60_000)
      const right = await api.send('POST', '/auth/email', {
        body: { email, password: api.PASSWORD },
        headers: from('192.0.2.99'),
      })
      expect(right.status).toBe(200)
    })

    it('counts a sign-in before checking the password: 300 wrong ones at once from 300 addresses, 20 checked', async () => {
      const { email } = await api.signIn('area', { cityName: 'Duvall' })
      const sent = await Promise.all(
        Array.from({ length: 300 }, (_, attempt) =>
          api.send('POST', '/auth/email', {
            body: { email, password: `guess-${attempt}` },
            headers: from(`198.18.${Math.floor(attempt / 250)}.${(attempt % 250) + 1}`),
          }),
        ),
      )
      const statuses = sent.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 401)).toHaveLength(20)
      expect(statuses.filter((status) => status === 429)).toHaveLength(280)
      // The right password waits too, until the window ends.
      expect(
        (await api.send('POST', '/auth/email', { body: { email, password: api.PASSWORD }, headers: from('198.18.9.9') })).status,
      ).toBe(429)
    })

    it('gives a successful sign-in’s count back: only failures make the account wait', async () => {
      const { email } = await api.signIn('area', { cityName: 'Duvall' })
      const attempt = async (password: string, n: number) =>
        (await api.send('POST', '/auth/email', { body: { email, password }, headers: from(`203.0.113.${n}`) })).status
      const statuses = []
      for (let n = 1; n <= 19; n++) statuses.push(await attempt(`guess-${n}`, n))
      for (let n = 20; n <= 24; n++) statuses.push(await attempt(api.PASSWORD, n))
      statuses.push(await attempt('guess-25', 25), await attempt('guess-26', 26))
      expect(statuses).toEqual([...Array<number>(19).fill(401), 200, 200, 200, 200, 200, 401, 429])
    })

    it('asks to wait until the end of the longest full window', async () => {
      const { email } = await api.signIn('area', { cityName: 'Duvall' })
      const attempt = (n: number) =>
        api.send('POST', '/auth/email', { body: { email, password: `guess-${n}` }, headers: from(`100.64.0.${n}`) })
      api.clock.now = new Date('2026-11-23T12:15:00Z')
      for (let n = 1; n <= 20; n++) expect((await attempt(n)).status).toBe(401)
      expect((await attempt(21)).headers.get('retry-after')).toBe('900')
      // The next quarter hour: 20 more failures fill the hour's 40 as well as the quarter's 20.
      api.clock.now = new Date('2026-11-23T12:30:10Z')
      for (let n = 22; n <= 41; n++) expect((await attempt(n)).status).toBe(401)
      const refused = await attempt(42)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1790')
    })
  })
})
