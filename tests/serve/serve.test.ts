// npm run serve under hostile paths: never a crash, never a redirect to another host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, get, getPage, sameOrigin, startServe, type Served } from './site.ts'

let served: Served

beforeAll(async () => {
  served = await startServe(buildSite())
})

afterAll(() => served.stop())

describe('npm run serve', () => {
  it('still serves pages and redirects aliases', async () => {
    expect(await get(served.port, '/wa/duvall')).toEqual({ status: 200, location: undefined })
    expect(await get(served.port, '/home/wa/duvall')).toEqual({ status: 301, location: '/wa/duvall' })
    expect(await get(served.port, '/es/')).toEqual({ status: 301, location: '/es' })
    expect((await get(served.port, '/nothing/here')).status).toBe(404)
  })

  it.each(['/home/%5Cevil.com/x', '/.//evil.com/', '/weather/%09/evil.com', '//evil.com/', '/%5C%5Cevil.com/', '/\\evil.com/'])(
    'keeps %s on this host',
    async (path) => {
      const answer = await get(served.port, path)
      expect(answer.status).toBeLessThan(500)
      if (answer.location !== undefined) expect(sameOrigin(answer.location)).toBe(true)
    },
  )

  it('survives CR/LF in a segment that a rule would put in a Location', async () => {
    for (const path of ['/home/wa/%0D%0ASet-Cookie:%20a=b', '/weather/%0d/%0a', '/home/%00/x']) {
      const answer = await get(served.port, path)
      expect(answer.status).toBe(404)
      expect(answer.location).toBeUndefined()
    }
    expect(served.process.exitCode).toBeNull()
    expect(await get(served.port, '/wa/duvall')).toMatchObject({ status: 200 })
  })

  it('answers a redirected path that leads nowhere with the site 404 page', async () => {
    expect(await get(served.port, '/statuses/page/reset')).toEqual({ status: 301, location: '/page/reset/statuses' })
    const miss = await getPage(served.port, '/page/reset/statuses')
    expect(miss.status).toBe(404)
    expect(miss.body).toContain('<title>404.html</title>')
  })

  it("sends the build's security headers on pages, redirects and 404s, without HSTS over plain http", async () => {
    for (const path of ['/wa/duvall', '/home/wa/duvall', '/nothing/here', '/_astro/x.js']) {
      const answer = await getPage(served.port, path)
      expect(answer.headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
      expect(answer.headers['x-frame-options'], path).toBe('DENY')
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff')
      expect(answer.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(answer.headers['strict-transport-security'], path).toBeUndefined()
    }
  })
})
