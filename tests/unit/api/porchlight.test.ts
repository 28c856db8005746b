import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR, createApi } from '../../../src/lib/api/porchlight.ts'

type Seen = { url: string; method: string; headers: Headers; body: string | null }

function fakeFetch(status: number, body: unknown, seen: Seen[] = []): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init)
    seen.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.text() : null,
    })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
}

describe('Porchlight API client', () => {
  it('adds the stored bearer token and rounds the reaction point to 2 decimals', async () => {
    const seen: Seen[] = []
    const api = createApi(() => 'a.b.c', { base: 'http://api.test', fetch: fakeFetch(200, { statuses: { messages: [] } }, seen) })
    await api.reaction({ lat: 47.74232, lon: -121.98568, route: 'wa/duvall', layer: 2 })
    const url = new URL(seen[0]!.url)
    expect(url.pathname).toBe('/api/reaction')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ lat: '47.74', lon: '-121.99', route: 'wa/duvall', layer: '2' })
    expect(url.searchParams.get('_t')).toMatch(/^\d+$/)
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer a.b.c')
  })

  it('sends no Authorization header when signed out', async () => {
    const seen: Seen[] = []
    await createApi(() => null, { base: 'http://api.test', fetch: fakeFetch(200, [], seen) }).cities('duv')
    expect(seen[0]!.headers.has('authorization')).toBe(false)
  })

  it('posts the manage payload as JSON', async () => {
    const seen: Seen[] = []
    const api = createApi(() => 'a.b.c', { base: 'http://api.test', fetch: fakeFetch(200, { record: {}, item: {} }, seen) })
    await api.manage.save(12, { Id: 12, Title: 'Open' })
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/manage/12', body: '{"Id":12,"Title":"Open"}' })
  })

  it('turns the server’s { error } into an ApiError with its status', async () => {
    const api = createApi(() => null, {
      base: 'http://api.test',
      fetch: fakeFetch(403, { error: 'You do not have permission to view users.' }),
    })
    await expect(api.users.list()).rejects.toEqual(new ApiError(403, 'You do not have permission to view users.'))
  })

  it('falls back to the SPEC text of the call', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: fakeFetch(500, 'oops') })
    await expect(api.items.lock(3)).rejects.toMatchObject({ status: 500, message: 'Failed to lock item' })
  })

  it('reports a network failure in plain words', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    await expect(api.auth.me()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR })
  })
})
