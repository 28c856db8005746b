import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const [sqlite] = await backends()

describe('HTTP behaviour', () => {
  let api: Harness
  beforeAll(async () => {
    api = await startHarness(sqlite!)
  })
  afterAll(() => api.close())

  it('documents every SPEC call in /api/openapi.json', async () => {
    const { status, body } = await api.send('GET', '/api/openapi.json')
    expect(status).toBe(200)
    const paths = Object.keys(body.paths)
    for (const path of [
      '/api/reaction',
      '/api/cities',
      '/api/login',
      '/api/manage/login',
      '/api/manage/{id}',
      '/api/manage/{id}/lock',
      '/api/manage/{id}/unlock',
      '/api/editzzz/{id}',
      '/api/editzzz/{id}/lock',
      '/api/editzzz/{id}/unlock',
      '/auth/email',
      '/auth/google',
      '/auth/github/token',
      '/auth/github',
      '/auth/refresh',
      '/auth/callback/{provider}',
      '/auth/logout',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/admin/users',
      '/admin/users/{id}/role',
      '/admin/users/{id}',
      '/items',
      '/items/{id}',
      '/items/{id}/lock',
      '/items/{id}/unlock',
    ]) {
      expect(paths).toContain(path)
    }
    expect(Object.keys(body.paths['/api/manage/{id}'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']))
  })

  it('sends security headers and no caching of private answers', async () => {
    const { headers } = await api.send('GET', '/items/1')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(headers.get('strict-transport-security')).toMatch(/max-age/)
    expect(headers.get('cache-control')).toBe('no-store')
  })

  it('allows CORS with credentials for the site’s origin only', async () => {
    const preflight = await api.send('OPTIONS', '/items', {
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4321')
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true')
    const stranger = await api.send('GET', '/api/cities?city=duv', { headers: { origin: 'https://evil.example' } })
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers unknown paths and methods with a JSON 404', async () => {
    expect(await api.send('GET', '/nope')).toMatchObject({ status: 404, body: { error: 'Not found' } })
    expect((await api.send('PUT', '/items/1', { body: {} })).status).toBe(404)
  })
})
